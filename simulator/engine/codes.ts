// Six-word BIP-39 codes, unique across the world.
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { CodeRecord, World } from '../world/index.ts';
import type { Rng } from '../world/prng.ts';

export const CODE_WORDS = 6;

/** A fresh code: six lowercase English BIP-39 words separated by single spaces. */
export function mintCode(world: World, rng: Rng): string {
  for (;;) {
    const words: string[] = [];
    for (let k = 0; k < CODE_WORDS; k++) words.push(wordlist[rng.int(wordlist.length)]);
    const code = words.join(' ');
    if (!world.codes.has(code)) return code;
  }
}

export function newRecord(
  world: World,
  rng: Rng,
  fields: Pick<CodeRecord, 'kind' | 'deviceName' | 'createdAt'> & Partial<CodeRecord>,
): CodeRecord {
  const record: CodeRecord = {
    code: mintCode(world, rng),
    expiresAt: Number.POSITIVE_INFINITY,
    confirms: true,
    confirmDelayMs: 0,
    state: 'open',
    claimedBy: -1,
    claimedAt: 0,
    confirmAt: Number.POSITIVE_INFINITY,
    owner: -1,
    client: -1,
    guestAddAt: Number.POSITIVE_INFINITY,
    simulatedOwner: false,
    ...fields,
  };
  world.codes.set(record.code, record);
  if (record.kind === 'adopt') world.adoptCodes.push(record);
  else world.shareCodes.push(record);
  world.mintCount++;
  return record;
}
