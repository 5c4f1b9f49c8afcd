// The simulator's era profiles, one per era of the contract: a new era is one more
// profile here (the compiler asks for it) and its contract profile in src/contract/eras.ts.
// createSimulator looks the one it plays up here, once, and hands it to the engine.
import type { Era } from '../../src/contract/eras.ts';
import { current } from './current.ts';
import type { EraProfile } from './profile.ts';
import { seed } from './seed.ts';

export type { EraProfile };

/** Each era's profile, saying that era's name (the compiler checks the pair). */
const PROFILES: { readonly [E in Era]: EraProfile<E> } = { current, seed };

export function eraProfile(era: Era): EraProfile {
  return PROFILES[era];
}
