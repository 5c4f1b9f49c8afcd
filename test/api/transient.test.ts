// One predicate says which failures are worth trying again soon (api/errors.ts
// isTransient): the client retries a GET on exactly those, and a live resource of the
// stores backs off on exactly those (anything else waits for its next refresh).
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { type ApiError, isTransient } from '../../src/api/errors.ts';
import { ManualClock } from '../../src/clock.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { createResourceStore } from '../../src/store/resource.ts';
import { closedPort, type Fixture, failure, type Reply, startFixture } from './fixture.ts';

/** Each way a GET can fail, the answer that makes it, and whether it is worth trying again. */
const CASES: { what: string; reply?: Reply; kind: ApiError['kind']; transient: boolean }[] = [
  { what: 'no connection', kind: 'network', transient: true },
  { what: 'no headers in time', reply: { hang: true }, kind: 'timeout', transient: true },
  { what: '503', reply: { status: 503, body: 'busy' }, kind: 'http', transient: true },
  { what: '429', reply: { status: 429, body: 'slow down' }, kind: 'http', transient: true },
  {
    what: 'a plain 500',
    reply: { status: 500, body: 'Could not fetch stats.' },
    kind: 'http',
    transient: true,
  },
  {
    what: 'a refusal given as a 500',
    reply: { status: 500, body: 'User does not exist.' },
    kind: 'business',
    transient: false,
  },
  { what: '404', reply: { status: 404, body: 'not found' }, kind: 'http', transient: false },
  { what: '401', reply: { status: 401, body: 'Not authorized.' }, kind: 'unauthorized', transient: false },
  {
    what: 'an answer of the wrong shape',
    reply: { body: { lookback: 'ninety' } },
    kind: 'shape',
    transient: false,
  },
  { what: 'an answer that is not JSON', reply: { body: '{"lookback": 9' }, kind: 'shape', transient: false },
];

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

/** networkStats (a GET) against a server answering `reply` every time; the waits the client asked for. */
async function failedGet(
  reply: Reply | undefined,
): Promise<{ error: ApiError; attempts: number; waits: number }> {
  let url = `http://127.0.0.1:${await closedPort()}`;
  let fixture: Fixture | undefined;
  if (reply) {
    fixture = await startFixture(() => reply);
    open.push(fixture);
    url = fixture.url;
  }
  let waits = 0;
  const client = createClient({
    baseUrl: url,
    token: 'header.payload-of-a-test-token.signature',
    retries: 1,
    headersTimeoutMs: 100,
    sleep: async () => {
      waits++;
    },
  });
  open.push(client);
  const error = await failure(client.networkStats());
  return { error, attempts: fixture ? fixture.requests.length : waits + 1, waits };
}

describe('a transient failure', () => {
  it("is anything that is not the service's answer: a load of our own that failed is tried again", () => {
    expect(isTransient(new Error('a load of our own failed'))).toBe(true);
  });

  for (const { what, reply, kind, transient } of CASES) {
    it(`${what}: ${transient ? 'retried by the client and backed off by a live resource' : 'neither retried nor backed off'}`, async () => {
      const { error, attempts, waits } = await failedGet(reply);
      expect(error.kind).toBe(kind);
      expect(isTransient(error)).toBe(transient);
      // The client: a retry of a GET on a transient failure, none otherwise.
      expect({ attempts, waits }).toEqual(transient ? { attempts: 2, waits: 1 } : { attempts: 1, waits: 0 });

      // A live resource failing the same way: back-off (5 s) or its next refresh (60 s).
      const clock = new ManualClock();
      const store = createResourceStore(
        { client: {} as ApiClient, clock, connection: createConnectionStore(), refreshEveryMs: 60_000 },
        {
          load: async () => {
            throw error;
          },
          retryBaseMs: 5_000,
        },
      );
      await store.getState().start();
      expect(store.getState().nextAt! - clock.now()).toBe(transient ? 5_000 : 60_000);
      store.getState().stop();
    });
  }
});
