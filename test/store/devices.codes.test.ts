// Code normalisation and the malformed-code check that runs before anything is sent.
import { describe, expect, it } from 'vitest';
import { checkCode, normalizeCode } from '../../src/store/codes.ts';

describe('codes as typed', () => {
  it('normalises any spacing, separators and case to six lowercase words and single spaces', () => {
    expect(normalizeCode('  Abandon\tABILITY  able\n about   above absent ')).toBe(
      'abandon ability able about above absent',
    );
    // As the commands always took them: pasted with commas, semicolons, dashes or underscores.
    expect(normalizeCode('abandon,ability; able-about_above - absent')).toBe(
      'abandon ability able about above absent',
    );
    expect(checkCode('ABANDON ability Able about above  absent')).toEqual({
      ok: true,
      code: 'abandon ability able about above absent',
    });
  });

  it('tells an empty input, a wrong word count and unknown words apart', () => {
    expect(checkCode('   ')).toEqual({ ok: false, problem: 'Type the 6 words of the code.' });
    expect(checkCode('abandon')).toMatchObject({ problem: 'A code has 6 words; this has 1 word.' });
    expect(checkCode('a b c d e f g')).toMatchObject({ problem: 'A code has 6 words; this has 7 words.' });
    const typo = checkCode('abandon abilty able about above absnt');
    expect(typo).toMatchObject({ ok: false });
    expect(!typo.ok && typo.problem).toBe(
      '"abilty", "absnt" are not code words (BIP-39 English list); check the spelling.',
    );
    expect(checkCode('abandon ability able about above 12345')).toMatchObject({
      problem: '"12345" is not a code word (BIP-39 English list); check the spelling.',
    });
  });
});
