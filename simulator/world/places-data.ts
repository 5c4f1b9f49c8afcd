// The world's places as scripts/places.mjs trims them. In the build this module reads
// dist/netdeck-places.json (the single-file binary: its asset); run from source (tests,
// tsx), it reads the copy the build and the tests' setup keep in node_modules/.cache.
import { readFileSync } from 'node:fs';

/** Three columns of text: see scripts/places.mjs. */
export interface PlacesData {
  regions: string;
  names: string;
  columns: string;
}

export function placesData(): PlacesData {
  const file = new URL('../../node_modules/.cache/netdeck/places.json', import.meta.url);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PlacesData;
  } catch (error) {
    throw new Error(`the world's places are not trimmed yet (${file.pathname}): npm run build trims them`, {
      cause: error,
    });
  }
}
