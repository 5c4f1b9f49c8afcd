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

export function placesFromFile(bytes: Uint8Array): PlacesData {
  const utf8 = new TextDecoder();
  const header = bytes.indexOf(NEWLINE);
  const sizes = utf8
    .decode(bytes.subarray(0, Math.max(0, header)))
    .split(' ')
    .slice(1)
    .map(Number);
  const total = header + 1 + sizes.reduce((sum, n) => sum + n, 0);
  if (header < 0 || sizes.length !== 3 || !sizes.every(Number.isSafeInteger) || total !== bytes.length)
    throw new Error('the places file is cut short or not one (npm run build writes it again)');
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
