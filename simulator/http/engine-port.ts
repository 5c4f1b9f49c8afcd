// What the HTTP layer needs from the engine: all of it but the world it holds (and its warm-up).
import type { Engine } from '../engine/index.ts';
import { SimError } from '../engine/index.ts';

export type { Caller, NetworkRef } from '../engine/index.ts';
export type EnginePort = Omit<Engine, 'world' | 'prepareSearch'>;

/** A SimError's status (a failure sent as a plain-text status), else undefined. */
export function simErrorStatus(error: unknown): number | undefined {
  return error instanceof SimError ? error.status : undefined;
}
