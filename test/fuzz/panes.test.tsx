// Every pane of the console fed responses its schemas accept but a hostile or broken
// server would send (times beyond a Date's range, extreme numbers, huge and hostile
// strings, nulls, missing and unknown fields): the console never crashes, and no frame it
// writes holds a character a terminal would act on (the plain theme writes no escapes).
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { endpoints, type OperationName } from '../../src/contract/endpoints.ts';
import { readAs } from '../../src/contract/schemas.ts';
import { RAW_CONTROL } from '../hostile.ts';
import { neverClient, withOverrides } from '../ui/fakes.ts';
import { renderApp } from '../ui/render.tsx';
import { fuzzSettings, responsesFor } from './responses.ts';

const OPERATIONS: OperationName[] = [
  'providerLocations',
  'findLocations',
  'findProviders',
  'deviceAssociations',
  'providerStats',
  'networkStats',
  'getPayoutWallet',
  'findProviderLocations',
  'networkClients',
  'accountWallets',
  'accountPayments',
  'transferStats',
  'accountPoints',
  'referralCode',
  'networkReliability',
  'networkRanking',
  'leaderboard',
];

/** A client answering each operation with its generated response, parsed as the real client parses. */
function answeringAll(responses: Partial<Record<OperationName, unknown>>): ApiClient {
  const overrides = Object.fromEntries(
    Object.entries(responses).map(([name, value]) => [
      name,
      async () => {
        const parsed = readAs(endpoints[name as OperationName].response, structuredClone(value));
        if (!parsed.success) throw new Error(`the generator made a response ${name} refuses`);
        return parsed.data;
      },
    ]),
  );
  return withOverrides(neverClient(), overrides as Partial<ApiClient>);
}

/** Every pane, and the views inside them a user reaches with a key or two. */
const TOUR = [
  'p',
  '2',
  '3',
  'j',
  'Q',
  'esc',
  's',
  'esc',
  '4',
  'enter',
  'esc',
  'S',
  '5',
  'v',
  'v',
  ']',
  '6',
  'j',
  '7',
  'G',
  'enter',
  'esc',
  'pgdn',
  'b',
  'esc',
  '1',
  'l',
  '/',
  'b',
  'e',
  'enter',
];

describe('panes on schema-valid hostile responses', () => {
  it('render every pane without a crash and without a raw control character', async () => {
    await fc.assert(
      fc.asyncProperty(responsesFor(OPERATIONS), fc.constantFrom(60, 120), async (responses, cols) => {
        const app = await renderApp({
          client: answeringAll(responses),
          cols,
          rows: 30,
          sim: { providers: 40, locations: 12, ownProviders: 2 },
        });
        // React's warnings (two rows with one key: rows dropped or doubled) count as failures.
        const warnings = vi.spyOn(console, 'error').mockImplementation(() => {});
        let crashed: unknown;
        app.exited.catch((error: unknown) => {
          crashed = error;
        });
        try {
          for (const key of TOUR) await app.press(key);
          await app.press('?');
          expect(crashed).toBeUndefined();
          // Still the console: the tab bar is drawn.
          expect(app.frame().split('\n')[1]).toMatch(/^1 Disc/);
          expect(app.frame()).not.toMatch(/ at \S+ \(/);
          for (const frame of app.stdout.frames) {
            expect(frame).not.toMatch(RAW_CONTROL);
            expect(frame).not.toContain('\u001b');
          }
          expect(warnings.mock.calls.map((call) => String(call[0]))).toEqual([]);
        } finally {
          warnings.mockRestore();
          await app.unmount();
        }
      }),
      fuzzSettings(120_000),
    );
  }, 120_000);
});
