// Every command that talks to the service, fed responses its schemas accept but a hostile
// or broken server would send (extreme numbers and times, huge and hostile strings, nulls,
// missing and unknown fields): none crashes, and nothing a terminal would act on reaches
// stdout or stderr, as tables or as --json, on a terminal (colours on) or in a pipe.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../src/contract/endpoints.ts';
import { type Fixture, startFixture } from '../api/fixture.ts';
import { run } from '../cli/harness.ts';
import { RAW_CONTROL } from '../hostile.ts';
import { fuzzSettings, operationOf, responsesFor } from './responses.ts';

const ID = '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47';
const CODE = ['abandon', 'ability', 'able', 'about', 'above', 'absent'];

/** The command lines, each with the operations it calls. */
const COMMANDS: { argv: string[]; operations: OperationName[] }[] = [
  { argv: ['locations'], operations: ['providerLocations'] },
  {
    argv: ['locations', '--query', 'ber', '--active'],
    operations: ['findLocations', 'findProviderLocations', 'providerLocations'],
  },
  { argv: ['locations', '--query', 'ber'], operations: ['findLocations', 'findProviderLocations'] },
  { argv: ['providers', '--location', ID], operations: ['findProviders'] },
  { argv: ['providers', '--location', ID, '--all'], operations: ['findProviders'] },
  { argv: ['devices'], operations: ['deviceAssociations'] },
  { argv: ['devices', 'add', ...CODE], operations: ['addDevice'] },
  { argv: ['devices', 'share', ID, '--name', 'box'], operations: ['createShareCode'] },
  { argv: ['wallet'], operations: ['getPayoutWallet'] },
  { argv: ['wallet', 'set', ID], operations: ['setPayoutWallet'] },
  { argv: ['feedback', '--other', 'hello'], operations: ['sendFeedback'] },
  { argv: ['stats', 'providers'], operations: ['providerStats', 'networkClients'] },
  { argv: ['stats', 'network', '--days', '90'], operations: ['networkStats'] },
  { argv: ['clients'], operations: ['networkClients'] },
  { argv: ['devices', 'status', ...CODE], operations: ['shareStatus'] },
  { argv: ['devices', 'confirm', ...CODE], operations: ['shareStatus', 'confirmShare'] },
  { argv: ['devices', 'remove', ...CODE], operations: ['removeAssociation'] },
  { argv: ['devices', 'rename', CODE.join(' '), 'box'], operations: ['setAssociationName'] },
  { argv: ['devices', 'set-name', ID, 'box'], operations: ['setDeviceName'] },
  { argv: ['wallet', 'list'], operations: ['accountWallets', 'getPayoutWallet'] },
  { argv: ['wallet', 'remove', ID], operations: ['removeWallet'] },
  { argv: ['whoami'], operations: ['networkClients', 'getPayoutWallet', 'deviceAssociations'] },
  // Issue 26, groups 1 and 2.
  {
    argv: ['earnings'],
    operations: ['accountPayments', 'transferStats', 'accountPoints', 'referralCode', 'networkRanking'],
  },
  { argv: ['payments'], operations: ['accountPayments', 'accountPoints'] },
  { argv: ['reliability', '--buckets', '2000'], operations: ['networkReliability'] },
  { argv: ['leaderboard'], operations: ['leaderboard', 'networkRanking'] },
  { argv: ['ranking', '--visible', 'on'], operations: ['setRankingVisibility', 'networkRanking'] },
];

// The colours netdeck itself writes on a terminal (chalk at level 1); nothing else may
// start an escape sequence.
const OWN_COLOURS = /\u001b\[(?:1|2|22|31|32|33|36|39)m/g;

let fixture: Fixture;
let answers: Partial<Record<OperationName, unknown>> = {};
const unexpected: string[] = [];
beforeAll(async () => {
  fixture = await startFixture((request) => {
    const name = operationOf(request.method, request.path);
    if (!name || !(name in answers)) {
      unexpected.push(`${request.method} ${request.path}`);
      return { status: 404, body: '404 page not found' };
    }
    return { body: answers[name] };
  });
});
afterAll(() => fixture.close());

describe('commands on schema-valid hostile responses', () => {
  for (const { argv, operations } of COMMANDS) {
    it(`netdeck ${argv.join(' ')}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          responsesFor(operations),
          fc.boolean(),
          fc.boolean(),
          async (responses, json, tty) => {
            answers = responses;
            unexpected.length = 0;
            const result = await run([...argv, ...(json ? ['--json'] : [])], {
              tty,
              env: {
                NETDECK_API_URL: fixture.url,
                NETDECK_TOKEN: 'header.claims.signature',
                XDG_CONFIG_HOME: '/nonexistent',
              },
            });
            expect(unexpected).toEqual([]);
            // 0, or 4 where the answer carries the service's refusal; never a crash.
            expect([0, 4], result.stderr).toContain(result.code);
            expect(result.stderr).not.toContain('unexpected failure');
            for (const [stream, text] of [
              ['stdout', result.stdout],
              ['stderr', result.stderr],
            ]) {
              const visible = text.replace(OWN_COLOURS, '');
              expect(visible, stream).not.toMatch(RAW_CONTROL);
              expect(visible, stream).not.toContain('\u001b');
            }
            if (json && argv.includes('--all'))
              for (const line of result.stdout.split('\n').filter(Boolean)) JSON.parse(line);
            else if (json && result.code === 0) JSON.parse(result.stdout);
          },
        ),
        fuzzSettings(60_000),
      );
    }, 60_000);
  }
});
