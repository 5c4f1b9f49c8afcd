// Before any test builds a world: the world's real places trimmed from their packages
// (scripts/places.mjs), as the build does; a second run finds them in the cache.
import { ensurePlaces } from '../scripts/places.mjs';

export default async function setup(): Promise<void> {
  await ensurePlaces();
}
