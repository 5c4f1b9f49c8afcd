// Adoption and share codes as people type or paste them: six BIP-39 English words, any
// case, apart by spaces, commas, semicolons, dashes or underscores. The one check of a
// code, for the console's dialogs and the commands alike, before anything is sent: a typo
// never costs one of the service's 10 add attempts per 30 minutes.
import { wordlist } from '@scure/bip39/wordlists/english.js';

export const CODE_WORDS = 6;
const WORDS = new Set(wordlist);

/** The code as the service wants it: lowercase words joined by single spaces. */
export function normalizeCode(input: string): string {
  return input
    .toLowerCase()
    .split(/[\s,;_-]+/)
    .filter(Boolean)
    .join(' ');
}

export type CodeCheck = { ok: true; code: string } | { ok: false; problem: string };

/** Whether `input` can be a code at all; the problem in words when it cannot. */
export function checkCode(input: string): CodeCheck {
  const code = normalizeCode(input);
  if (!code) return { ok: false, problem: `Type the ${CODE_WORDS} words of the code.` };
  const words = code.split(' ');
  if (words.length !== CODE_WORDS) {
    const got = words.length === 1 ? '1 word' : `${words.length} words`;
    return { ok: false, problem: `A code has ${CODE_WORDS} words; this has ${got}.` };
  }
  const unknown = words.filter((word) => !WORDS.has(word));
  if (unknown.length > 0) {
    const list = [...new Set(unknown)].map((word) => `"${word}"`).join(', ');
    const noun = unknown.length === 1 ? 'is not a code word' : 'are not code words';
    return { ok: false, problem: `${list} ${noun} (BIP-39 English list); check the spelling.` };
  }
  return { ok: true, code };
}

/** The link the apps encode in a code's QR code (the service's own QR routes draw the same). */
