// Run in a child process with --expose-gc (memory.test.ts; bench/sim-memory.ts with
// `per-route`): a simulator takes a stream of posts, each carrying a text of M MB (4
// unless given), to every route that keeps a part of what it is sent: N posts in turn over
// the routes (`in-turn`), or with `per-route` N rounds of one post to each route (N posts
// to every route); after a full collection at post (or round) 100 and at N it reports its
// memory as one JSON line. Whatever the routes keep is bounded, and must hold only its own
// characters (not a slice that keeps the whole request alive).
// Usage: post-stream.ts N [in-turn|per-route] [M]
import { createSimulator } from '../../../simulator/index.ts';
import { ManualClock } from '../../../src/clock.ts';

const POSTS = Number(process.argv[2] ?? 300);
const PER_ROUTE = process.argv[3] === 'per-route';
const MARKS = [100, POSTS];
const TEXT = 'x'.repeat(Number(process.argv[4] ?? 4) * 1024 * 1024);

const sim = await createSimulator({
  seed: 1,
  clock: new ManualClock(),
  admin: true,
  providers: 1500,
  locations: 150,
  ownProviders: 8,
});
const headers = { authorization: `Bearer ${sim.token}`, 'x-sim-admin': sim.adminSecret ?? '' };
const call = async (path: string, body?: unknown) => {
  const res = await fetch(`${sim.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
};
const { clients } = JSON.parse((await call('/network/clients')).text) as {
  clients: { client_id: string; device_id: string }[];
};
const { outgoing_shared_devices: shares } = JSON.parse((await call('/device/associations')).text) as {
  outgoing_shared_devices: { code: string }[];
};

/** A Solana address the service takes, different for each k. */
function address(k: number): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = BigInt(`0x${Buffer.alloc(32, (k % 200) + 1).toString('hex')}`) + BigInt(k);
  let text = '';
  while (value > 0n) {
    text = alphabet[Number(value % 58n)] + text;
    value /= 58n;
  }
  return text;
}

/** Every route that keeps a part of its request, with the 4 MB text where it reads it. */
const routes: ((k: number) => [string, unknown])[] = [
  () => ['/feedback/send-feedback', { needs: { other: TEXT }, star_count: 5 }],
  (k) => ['/device/set-name', { device_id: clients[k % clients.length].device_id, device_name: TEXT }],
  (k) => [
    '/device/create-share-code',
    { client_id: clients[k % clients.length].client_id, device_name: TEXT },
  ],
  (k) => ['/device/set-association-name', { code: shares[k % shares.length].code, device_name: TEXT }],
  (k) => ['/account/wallet', { blockchain: 'SOL', wallet_address: address(k), default_token_type: TEXT }],
  (k) => ['/auth/login', { user_auth: `${TEXT}${k}@flood.example` }],
  (k) => ['/auth/login-with-password', { user_auth: `u${k}${TEXT}@flood.example`, password: 'x' }],
  (k) => ['/__sim/names', { client_id: clients[k % clients.length].client_id, device_name: TEXT }],
  // The operator's routes (issue 26) that keep a name, an id or a description.
  () => ['/account/api-key', { name: TEXT }],
  () => ['/network/auth-client', { description: TEXT, device_spec: TEXT }],
  () => ['/device/create-adopt-code', { device_name: TEXT, device_spec: 'x' }],
  () => ['/network/user/update', { network_name: TEXT }],
  (k) => ['/network/block-location', { location_id: `${k}${TEXT}` }],
];

const statuses: Record<string, number[]> = {};
const samples: Record<number, NodeJS.MemoryUsage> = {};
for (let k = 1; k <= POSTS; k++) {
  for (const route of PER_ROUTE ? routes : [routes[k % routes.length]]) {
    const [path, body] = route(k);
    const { status } = await call(path, body);
    const seen = statuses[path] ?? [];
    statuses[path] = seen.includes(status) ? seen : [...seen, status];
  }
  if (MARKS.includes(k)) {
    for (let n = 0; n < 3; n++) {
      globalThis.gc?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    samples[k] = process.memoryUsage();
  }
}
await sim.close();
process.stdout.write(`${JSON.stringify({ statuses, samples })}\n`);
