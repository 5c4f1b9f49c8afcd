// Greps captured output for a token netdeck was given. A leak is the whole token or any
// 16-character piece of its claims or signature (a JWT's header is the same for every
// token of one algorithm, so it is not secret and not searched for).
import { expect } from 'vitest';

const WINDOW = 16;

/** Every piece of `token` found in `text`, as short descriptions (empty when clean). */
export function findLeaks(text: string, token: string): string[] {
  const leaks: string[] = [];
  if (text.includes(token)) leaks.push('the whole token');
  const firstDot = token.indexOf('.');
  const secret = firstDot >= 0 && token.split('.').length === 3 ? token.slice(firstDot + 1) : token;
  for (let i = 0; i + WINDOW <= secret.length; i++) {
    const piece = secret.slice(i, i + WINDOW);
    if (piece.includes('.')) continue;
    if (text.includes(piece)) {
      leaks.push(`${WINDOW} chars at ${firstDot + 1 + i}: ${piece.slice(0, 4)}…`);
      break;
    }
  }
  return leaks;
}

/** Fails the test, naming where, when any captured output holds a piece of the token. */
export function expectNoLeak(outputs: Record<string, string>, token: string): void {
  const found = Object.entries(outputs).flatMap(([where, text]) =>
    findLeaks(text, token).map((leak) => `${where}: ${leak}`),
  );
  expect(found, 'the token leaked').toEqual([]);
}
