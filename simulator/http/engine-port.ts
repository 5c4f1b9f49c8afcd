// What the HTTP layer needs from the engine (see /work/notes/sim-interface.md). Typed
// structurally so this layer can be built and tested against any engine of this shape.
import type { SimCodes } from '../../src/contract/admin.ts';
import type { OperationName, ResponseOf } from '../../src/contract/endpoints.ts';

export interface Caller {
  networkId: string;
  networkName: string;
}

export interface NetworkRef {
  id: string;
  name: string;
}

export interface EnginePort {
  readonly seed: number;
  readonly demoNetwork: NetworkRef;
  handle<K extends OperationName>(name: K, body: unknown, caller?: Caller): ResponseOf<K>;
  start(): void;
  stop(): void;
  tick(): void;
  reset(seed?: number): void;
  network(id: string): NetworkRef | undefined;
  ensureNetwork(name: string, id?: string): NetworkRef;
  codes(): SimCodes;
  setDeviceName(clientId: string, name: string): boolean;
  setNetworkName(networkId: string, name: string): boolean;
  invariants(): string[];
}

/** The engine's SimError (or anything shaped like it): a failure sent as a plain-text status. */
export function simErrorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : undefined;
}
