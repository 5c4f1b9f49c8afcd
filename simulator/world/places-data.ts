// The world's places as scripts/places.mjs trims them. The build puts the trimmed text in
// this module's place (its `placesData` returns it); run from source (tests, tsx), the
// module reads the copy the build and the tests' setup keep in node_modules/.cache.
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
