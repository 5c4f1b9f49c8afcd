// Real countries (ISO 3166-1 alpha-2, lowercase) with their UN sub-region and a rough
// weight for how many providers they host. Groups are built from these rows.

export interface CountryRow {
  code: string;
  name: string;
  subregion: string;
  weight: number;
}

// code, name, sub-region, weight
const ROWS = `us|United States|Northern America|200
ca|Canada|Northern America|30
mx|Mexico|Central America|18
gt|Guatemala|Central America|2
cr|Costa Rica|Central America|2
pa|Panama|Central America|2
hn|Honduras|Central America|1
sv|El Salvador|Central America|1
ni|Nicaragua|Central America|1
br|Brazil|South America|30
ar|Argentina|South America|12
cl|Chile|South America|8
co|Colombia|South America|9
pe|Peru|South America|6
ve|Venezuela|South America|3
ec|Ecuador|South America|3
uy|Uruguay|South America|2
py|Paraguay|South America|1
bo|Bolivia|South America|1
cu|Cuba|Caribbean|1
do|Dominican Republic|Caribbean|2
jm|Jamaica|Caribbean|1
pr|Puerto Rico|Caribbean|1
tt|Trinidad and Tobago|Caribbean|1
gb|United Kingdom|Northern Europe|60
ie|Ireland|Northern Europe|10
is|Iceland|Northern Europe|3
no|Norway|Northern Europe|10
se|Sweden|Northern Europe|16
fi|Finland|Northern Europe|9
dk|Denmark|Northern Europe|9
ee|Estonia|Northern Europe|4
lv|Latvia|Northern Europe|3
lt|Lithuania|Northern Europe|3
de|Germany|Western Europe|80
fr|France|Western Europe|50
nl|Netherlands|Western Europe|40
be|Belgium|Western Europe|10
lu|Luxembourg|Western Europe|4
ch|Switzerland|Western Europe|16
at|Austria|Western Europe|9
li|Liechtenstein|Western Europe|1
mc|Monaco|Western Europe|1
es|Spain|Southern Europe|30
pt|Portugal|Southern Europe|9
it|Italy|Southern Europe|30
gr|Greece|Southern Europe|6
mt|Malta|Southern Europe|2
si|Slovenia|Southern Europe|2
hr|Croatia|Southern Europe|3
rs|Serbia|Southern Europe|3
ba|Bosnia and Herzegovina|Southern Europe|1
al|Albania|Southern Europe|1
mk|North Macedonia|Southern Europe|1
me|Montenegro|Southern Europe|1
cy|Cyprus|Western Asia|2
pl|Poland|Eastern Europe|20
cz|Czechia|Eastern Europe|10
sk|Slovakia|Eastern Europe|4
hu|Hungary|Eastern Europe|6
ro|Romania|Eastern Europe|10
bg|Bulgaria|Eastern Europe|5
ua|Ukraine|Eastern Europe|10
md|Moldova|Eastern Europe|2
by|Belarus|Eastern Europe|2
ru|Russia|Eastern Europe|20
tr|Turkey|Western Asia|12
il|Israel|Western Asia|8
ae|United Arab Emirates|Western Asia|6
sa|Saudi Arabia|Western Asia|5
ge|Georgia|Western Asia|2
am|Armenia|Western Asia|1
az|Azerbaijan|Western Asia|1
jo|Jordan|Western Asia|1
qa|Qatar|Western Asia|1
kz|Kazakhstan|Central Asia|3
uz|Uzbekistan|Central Asia|1
in|India|Southern Asia|40
pk|Pakistan|Southern Asia|6
bd|Bangladesh|Southern Asia|4
lk|Sri Lanka|Southern Asia|1
np|Nepal|Southern Asia|1
jp|Japan|Eastern Asia|50
kr|South Korea|Eastern Asia|25
tw|Taiwan|Eastern Asia|12
hk|Hong Kong|Eastern Asia|12
mn|Mongolia|Eastern Asia|1
sg|Singapore|South-eastern Asia|20
id|Indonesia|South-eastern Asia|14
th|Thailand|South-eastern Asia|10
vn|Vietnam|South-eastern Asia|10
my|Malaysia|South-eastern Asia|8
ph|Philippines|South-eastern Asia|8
kh|Cambodia|South-eastern Asia|1
au|Australia|Oceania|25
nz|New Zealand|Oceania|6
fj|Fiji|Oceania|1
za|South Africa|Africa|8
ng|Nigeria|Africa|6
ke|Kenya|Africa|4
eg|Egypt|Africa|5
ma|Morocco|Africa|3
gh|Ghana|Africa|2
tn|Tunisia|Africa|1
et|Ethiopia|Africa|1
tz|Tanzania|Africa|1
ug|Uganda|Africa|1
sn|Senegal|Africa|1
dz|Algeria|Africa|1`;

export const COUNTRIES: readonly CountryRow[] = ROWS.split('\n').map((line) => {
  const [code, name, subregion, weight] = line.split('|');
  return { code, name, subregion, weight: Number(weight) };
});

/** Whether `code` (any case) is a country of the simulated worlds (every world has them all). */
export const isCountryCode = (code: string) => COUNTRIES.some((row) => row.code === code.toLowerCase());

/** The default home country of `best_available` (the real service uses the United States). */
export const HOME_COUNTRY_CODE = 'us';

export interface GroupRow {
  name: string;
  promoted: boolean;
  members: string[];
}

const EU = 'at be bg hr cy cz dk ee fi fr de gr hu ie it lv lt lu mt nl pl pt ro sk si es se';
const NORDIC = 'dk fi is no se';
const PRIVACY = 'ch is no se fi ee nl de dk ca nz lu li';

const bySubregion = (...subregions: string[]) =>
  COUNTRIES.filter((row) => subregions.includes(row.subregion)).map((row) => row.code);

/** Promoted groups first, then the regional groups (members are countries). */
export const GROUPS: readonly GroupRow[] = [
  { name: 'European Union (EU)', promoted: true, members: EU.split(' ') },
  { name: 'Nordic', promoted: true, members: NORDIC.split(' ') },
  { name: 'Strong Privacy Laws and Internet Freedom', promoted: true, members: PRIVACY.split(' ') },
  { name: 'Western Europe', promoted: false, members: bySubregion('Western Europe') },
  { name: 'Northern Europe', promoted: false, members: bySubregion('Northern Europe') },
  { name: 'Southern Europe', promoted: false, members: bySubregion('Southern Europe') },
  { name: 'Eastern Europe', promoted: false, members: bySubregion('Eastern Europe') },
  { name: 'North America', promoted: false, members: bySubregion('Northern America', 'Central America') },
  { name: 'Caribbean', promoted: false, members: bySubregion('Caribbean') },
  { name: 'South America', promoted: false, members: bySubregion('South America') },
  { name: 'Middle East', promoted: false, members: bySubregion('Western Asia') },
  { name: 'Central Asia', promoted: false, members: bySubregion('Central Asia') },
  { name: 'South Asia', promoted: false, members: bySubregion('Southern Asia') },
  { name: 'East Asia', promoted: false, members: bySubregion('Eastern Asia') },
  { name: 'Southeast Asia', promoted: false, members: bySubregion('South-eastern Asia') },
  { name: 'Oceania', promoted: false, members: bySubregion('Oceania') },
  { name: 'Africa', promoted: false, members: bySubregion('Africa') },
];
