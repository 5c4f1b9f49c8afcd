// A seeded engine on a ManualClock, for engine tests (no HTTP).

import {
  type Caller,
  createEngine,
  type Engine,
  type EngineOptions,
} from '../../../simulator/engine/index.ts';
import { ManualClock } from '../../../src/clock.ts';

export interface Rig {
  engine: Engine;
  clock: ManualClock;
  demo: Caller;
  /** moves simulated time, running every tick that falls due */
  advance(ms: number): Promise<void>;
}

export function rig(options: Partial<Omit<EngineOptions, 'clock'>> = {}): Rig {
  const clock = new ManualClock();
  const engine = createEngine({ seed: 42, providers: 3000, locations: 600, ...options, clock });
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
