// A seeded engine on a ManualClock, for engine tests (no HTTP).

import {
  type Caller,
  createEngine,
  type Engine,
  type EngineOptions,
} from '../../../simulator/engine/index.ts';
import { eraProfile } from '../../../simulator/eras/index.ts';
import { ManualClock } from '../../../src/clock.ts';
import { DEFAULT_ERA, type Era } from '../../../src/contract/eras.ts';

export interface Rig {
  engine: Engine;
  clock: ManualClock;
  demo: Caller;
  /** moves simulated time, running every tick that falls due */
  advance(ms: number): Promise<void>;
}

/** A test's engine options with the era by its name (default DEFAULT_ERA), handed to the engine as its profile. */
export function withEra<O extends object>({ era = DEFAULT_ERA, ...options }: O & { era?: Era }) {
  return { ...options, profile: eraProfile(era) };
}

export function rig(options: Partial<Omit<EngineOptions, 'clock' | 'profile'>> & { era?: Era } = {}): Rig {
  const clock = new ManualClock();
  const engine = createEngine({ seed: 42, providers: 3000, locations: 600, ...withEra(options), clock });
  engine.start();
  const demo = { networkId: engine.demoNetwork.id, networkName: engine.demoNetwork.name };
  return {
    engine,
    clock,
    demo,
    advance: async (ms) => {
      await clock.advance(ms);
    },
  };
}

export const MINUTE = 60_000;
