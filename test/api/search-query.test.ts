// netdeck's own side of a place search: a query the service cannot narrow is said so
// (another script than the names', one character), a short one keeps the names and
// codes it starts, and exact and prefix matches rank first, accents folded both ways.
import { describe, expect, it } from 'vitest';
import { MATCH_TIER, matchTier } from '../../src/api/match-distance.ts';
import { isShortQuery, narrowShortQuery, queryProblem, shortQueryNote } from '../../src/api/search-query.ts';
import type { LocationResult } from '../../src/contract/schemas.ts';
import { foldForSearch } from '../../src/format/search-text.ts';

describe('queryProblem', () => {
  it('says a query in a script no place name uses names no place', () => {
    for (const query of ['東京', 'Москва', ' القاهرة ', 'Αθήνα'])
      expect(queryProblem(query)).toMatch(
        /^no place is named in the letters of ".+": place names are in Latin letters only/,
      );
  });

  it('says one character is too short, and takes two or more, accented or mixed', () => {
    expect(queryProblem('t')).toMatch(/^one character is too short to narrow the places: type two or more/);
    expect(queryProblem(' é ')).toMatch(/^one character is too short/);
    for (const query of ['de', 'são', 'sao paulo', 'Tokyo 東京', '12'])
      expect(queryProblem(query)).toBeUndefined();
  });

  it('draws nothing of a pasted control sequence', () => {
    expect(queryProblem('東\u001b[2J京')).not.toContain('\u001b');
  });
});

describe('matchTier', () => {
  it('exact (a name or a country code), prefix, a word start, elsewhere: accents folded both ways', () => {
    expect(matchTier('São Paulo', undefined, 'sao paulo')).toBe(MATCH_TIER.exact);
    expect(matchTier('Sao Tome', undefined, 'são')).toBe(MATCH_TIER.prefix);
    expect(matchTier('Germany', 'de', 'DE')).toBe(MATCH_TIER.exact);
    expect(matchTier('Łódź', undefined, 'lodz')).toBe(MATCH_TIER.exact);
    expect(matchTier('State of Berlin', undefined, 'berlin')).toBe(MATCH_TIER.wordStart);
    expect(matchTier('Provence-Alpes-Côte d’Azur', undefined, 'cote')).toBe(MATCH_TIER.wordStart);
    expect(matchTier('Hamburg', undefined, 'berlin')).toBe(MATCH_TIER.fuzzy);
    expect(foldForSearch('Großbeeren')).toBe('grossbeeren');
  });
});

describe('a short query', () => {
  const DE = 'de-id';
  const result: LocationResult = {
    locations: [
      { location_id: DE, location_type: 'country', name: 'Germany', country_code: 'de' },
      { location_id: 'be-id', location_type: 'country', name: 'Belgium', country_code: 'be' },
      {
        location_id: 'by',
        location_type: 'region',
        name: 'Bavaria',
        country_location_id: DE,
        country_code: 'de',
      },
      { location_id: 'del', location_type: 'city', name: 'Delhi', country_code: 'in' },
      { location_id: 'nyc', location_type: 'city', name: 'New York', country_code: 'us' },
    ],
    groups: [{ location_group_id: 'g', name: 'Western Europe' }],
  };

  it('is two characters at most, and keeps the names and codes it starts and the places inside a country it names', () => {
    expect([isShortQuery('de'), isShortQuery('der'), isShortQuery('')]).toEqual([true, false, false]);
    const { result: narrowed, leftOut } = narrowShortQuery(result, 'de');
    expect(narrowed.locations?.map((l) => l.name)).toEqual(['Germany', 'Bavaria', 'Delhi']);
    expect(narrowed.groups).toEqual([]);
    expect(leftOut).toBe(3);
    expect(shortQueryNote('de', leftOut)).toBe(
      'only names and codes starting with "de" (3 other matches left out)',
    );
  });
});
