import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { issuePath } from '../../src/contract/issue-path.ts';

describe('issuePath', () => {
  it('names a field by dots and an item by its index, the value itself as (root)', () => {
    expect(issuePath(['specs', 0, 'location_id'])).toBe('specs[0].location_id');
    expect(issuePath(['exclude_destinations', 1, 0])).toBe('exclude_destinations[1][0]');
    expect(issuePath(['profiles', 'work', 'apiUrl'])).toBe('profiles.work.apiUrl');
    expect(issuePath([])).toBe('(root)');
  });

  it('reads the path of a zod issue', () => {
    const parsed = z.object({ providers: z.array(z.object({ tier: z.int() })) }).safeParse({
      providers: [{ tier: 0 }, { tier: 'x' }],
    });
    expect(parsed.success).toBe(false);
    expect(issuePath(parsed.error!.issues[0].path)).toBe('providers[1].tier');
  });
});
