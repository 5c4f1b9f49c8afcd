// The world's places, run from source (tests, tsx): the file the build and the tests'
// setup keep in node_modules/.cache (scripts/places.mjs). The build replaces this module
// with one that reads dist/netdeck-places.txt, or the single-file binary's asset.
import { readFileSync } from 'node:fs';
import { type PlacesData, placesFromFile } from './places-file.ts';

export function placesData(): PlacesData {
  const file = new URL('../../node_modules/.cache/netdeck/places.txt', import.meta.url);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(`the world's places are not trimmed yet (${file.pathname}): npm run build trims them`, {
      cause: error,
    });
  }
  return placesFromFile(bytes);
}
