// Which two-letter codes are countries, and their English names: ISO 3166-1 as the
// JavaScript runtime's own region names know it (no table of ours to keep up to date).
// Used to refuse a country nobody could have meant before anything is sent.

// Made at the first use: the region names load ICU data (~15 ms) that the start never needs.
let names: Intl.DisplayNames | undefined;
const regionNames = () => (names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }));

/** Two-letter codes the region names know that are no country (unions, "unknown", private use). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);

/** The English name of a country's two-letter code (any case), or undefined when it names none. */
export function countryName(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper) || NOT_COUNTRIES.has(upper)) return undefined;
  const name = regionNames().of(upper);
  return name && name !== upper && name !== 'Unknown Region' ? name : undefined;
}
