// The README's picture (docs/console.svg) is the console as `npm run picture` draws it:
// made again here from the seeded demo at a fixed time, it must be the same file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PICTURE_PATH, takePicture } from '../../scripts/picture.ts';

describe('docs/console.svg', () => {
  it('is what npm run picture makes now (run it after changing what the demo shows)', async () => {
    const picture = await takePicture();
    expect(picture).toContain('Discover');
    // Line by line, so that a failure shows what changed (npm run picture makes it anew).
    expect(picture.split('\n'), 'docs/console.svg is stale: npm run picture').toEqual(
      readFileSync(PICTURE_PATH, 'utf8').split('\n'),
    );
  }, 90_000);
});
