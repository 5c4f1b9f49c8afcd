// Random sequences of what users and time do to device associations (add codes, share
// devices, reuse codes, let time pass), by the demo network and others: every call ends
// in a result or a clear refusal, and the world's invariants hold after every step.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ManualClock } from '../../src/clock.ts';

type Who = 'demo' | 'acme' | 'globex';
type Step =
  | { kind: 'add'; who: Who; code: 'adopt' | 'share' | 'used' | 'garbage' }
  | { kind: 'share'; who: Who; device: number; name: string }
  | { kind: 'list'; who: Who }
  | { kind: 'wait'; seconds: number }
  | { kind: 'rename'; device: number; name: string };

let sim: Simulator;
let clock: ManualClock;
const clients = {} as Record<Who, ApiClient>;

beforeAll(async () => {
  clock = new ManualClock();
  sim = await createSimulator({
    seed: 17,
    clock,
    providers: 400,
    locations: 150,
    ownProviders: 8,
    admin: true,
  });
  clients.demo = createClient({ baseUrl: sim.url, token: sim.token, retries: 0 });
  for (const who of ['acme', 'globex'] as const) {
    clients[who] = createClient({ baseUrl: sim.url, token: sim.admin.token(who).token, retries: 0 });
  }
});
afterAll(async () => {
  await Promise.all(Object.values(clients).map((client) => client.close()));
  await sim?.close();
});

const who = fc.constantFrom<Who>('demo', 'demo', 'acme', 'globex');
const hostileName = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('\x1b[2J\x1b]0;pwned\x07', '\u202eevil', '表示名'.repeat(20), '', 'x'.repeat(500)),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      who,
      code: fc.constantFrom('adopt' as const, 'share' as const, 'used' as const, 'garbage' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('share' as const), who, device: fc.nat(20), name: hostileName }),
  },
  fc.record({ kind: fc.constant('list' as const), who }),
  fc.record({ kind: fc.constant('wait' as const), seconds: fc.integer({ min: 0, max: 1200 }) }),
  fc.record({ kind: fc.constant('rename' as const), device: fc.nat(20), name: hostileName }),
);

/** Runs one step; a business refusal is a fine outcome, anything else must be a result. */
async function run(s: Step, used: string[]): Promise<void> {
  const expectOkOrRefused = async (call: Promise<unknown>) => {
    try {
      return await call;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect(['business', 'http']).toContain((error as ApiError).kind);
      if ((error as ApiError).kind === 'http') expect((error as ApiError).status).toBe(400);
      return undefined;
    }
  };
  switch (s.kind) {
    case 'add': {
      const codes = sim.admin.codes();
      const code =
        s.code === 'adopt'
          ? codes.adopt_codes[0]?.code
          : s.code === 'share'
            ? codes.share_codes[0]?.code
            : s.code === 'used'
              ? used.at(-1)
              : 'zoo zoo zoo zoo zoo zoo';
      const result = (await expectOkOrRefused(clients[s.who].addDevice({ code: code ?? '' }))) as
        | { code?: string }
        | undefined;
      if (result?.code) used.push(result.code);
      return;
    }
    case 'share': {
      const providers = (await clients[s.who].providerStats()).providers ?? [];
      const own = providers[s.device % Math.max(1, providers.length)]?.client_id;
      const result = (await expectOkOrRefused(
        clients[s.who].createShareCode({ client_id: own, device_name: s.name }),
      )) as { share_code?: string } | undefined;
      if (result) expect(result.share_code).toMatch(/^[a-z]+( [a-z]+){5}$/);
      return;
    }
    case 'list': {
      const list = await clients[s.who].deviceAssociations();
      for (const device of list.pending_adoption_devices ?? []) {
        expect(device.duration_minutes ?? 0).toBeGreaterThanOrEqual(0);
      }
      return;
    }
    case 'wait':
      await sim.admin.advance(s.seconds);
      return;
    case 'rename': {
      const providers = (await clients.demo.providerStats()).providers ?? [];
      const id = providers[s.device % Math.max(1, providers.length)]?.client_id;
      if (id) sim.admin.setName({ client_id: id, device_name: s.name });
      return;
    }
  }
}

describe('associations under random use', () => {
  it('keep the world consistent after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const used: string[] = [];
        for (const s of steps) {
          await run(s, used);
          expect(sim.engine.invariants(), JSON.stringify(s)).toEqual([]);
        }
      }),
      { numRuns: 80, seed: 4242 },
    );
  });
});
