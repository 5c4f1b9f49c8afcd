// The trimmed places as scripts/places.mjs writes them: a header line (the cache key and
// the byte lengths of the three sections: regions, names, columns), then the sections.
// A world of N cities decodes the first N names and columns only; the rest stays bytes
// (in the single-file binary, the asset's own memory: nothing is copied).

/** The places of one file, decoded as far as a world asks. */
export interface PlacesData {
  /** per line a country code, a tab and a region name */
  regions: string;
  /** the length of the columns (CITY_CHARS a city) */
  columnsLength: number;
  /** the first `length` characters of the columns (ASCII) */
  columns(length: number): string;
  /** the first `count` cities' names */
  names(count: number): string[];
}

const NEWLINE = 10;

/** What to do about a places file that cannot be read: the build writes it, as installing does. */
const REMEDY = 'npm run build writes it again; an installed netdeck: install it again';

/** A places file that is not what scripts/places.mjs writes: the reason, as one line. */
export class PlacesFileError extends Error {
  override readonly name = 'PlacesFileError';
  constructor(problem: string) {
    super(`the places file ${problem} (${REMEDY})`);
  }
}

export function placesFromFile(bytes: Uint8Array): PlacesData {
  const utf8 = new TextDecoder();
  const header = bytes.indexOf(NEWLINE);
  const sizes = utf8
    .decode(bytes.subarray(0, Math.max(0, header)))
    .split(' ')
    .slice(1)
    .map(Number);
  const total = header + 1 + sizes.reduce((sum, n) => sum + n, 0);
  const sized = sizes.length === 3 && sizes.every((n) => Number.isSafeInteger(n) && n >= 0);
  if (header < 0 || !sized || total !== bytes.length) throw new PlacesFileError('is cut short or not one');
  const [regionBytes, nameBytes, columnBytes] = [0, 1, 2].map((k) => {
    const start = header + 1 + sizes.slice(0, k).reduce((sum, n) => sum + n, 0);
    return bytes.subarray(start, start + sizes[k]);
  });
  return {
    regions: utf8.decode(regionBytes),
    columnsLength: columnBytes.length,
    columns: (length) => utf8.decode(columnBytes.subarray(0, length)),
    names(count) {
      if (count <= 0) return [];
      let end = -1;
      for (let n = 0; n < count; n++) {
        end = nameBytes.indexOf(NEWLINE, end + 1);
        if (end < 0) return utf8.decode(nameBytes).split('\n');
      }
      return utf8.decode(nameBytes.subarray(0, end)).split('\n');
    },
  };
}
