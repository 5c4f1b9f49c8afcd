import { describe, expect, it } from 'vitest';
import { distinctKeys } from '../../src/store/distinct-keys.ts';

describe('distinctKeys', () => {
  it('keeps unique ids and numbers repeats', () => {
    expect(distinctKeys(['a', 'b', 'a', 'a'])).toEqual(['a', 'b', 'a#1', 'a#2']);
  });

  it('never makes a key another id already is (the fuzz seed 163023892: wallets with empty ids)', () => {
    // Account's wallet list keyed missing ids `#<index>` and empty ones '': '', '' made '#1' twice.
    const keys = distinctKeys(['#0', '#1', '', '']);
    expect(new Set(keys).size).toBe(4);
    const tricky = distinctKeys(['a', 'a', 'a#1', 'a#1', 'a']);
    expect(new Set(tricky).size).toBe(5);
  });
});
