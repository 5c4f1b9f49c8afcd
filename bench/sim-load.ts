// 200 concurrent clients for 20 s against the simulator (today's service), a mix of its
// operations (several networks' tokens), while the world ticks (speed 60: a tick every
// real second).
// Budget: 0 errors; requests/s and p50/p99 reported; the world is consistent afterwards.
import { createSimulator } from '../simulator/index.ts';
import { type RequestTemplate, runLoad } from './lib/load.ts';
import { fmt, quantile, report } from './lib/report.ts';

const CLIENTS = 200;
const DURATION_MS = 20_000;

const sim = await createSimulator({ seed: 1, speed: 60, admin: true });
const get = async (path: string, token?: string) =>
  (await fetch(`${sim.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).json();

const tokens = [sim.token, ...['acme', 'globex', 'initech'].map((name) => sim.admin.token(name).token)];
const located = (await get('/network/provider-locations')) as {
  locations?: { location_id: string; name: string }[];
};
const locations = (located.locations ?? []).slice(0, 50);
// Today's provider-locations lists no group: take the world's (find-providers2 takes them).
const groups = sim.engine.world.geo.groups.slice(0, 10).map((group) => ({ location_group_id: group.id }));
const own = (await get('/stats/providers', sim.token)) as { providers?: { client_id: string }[] };
const ownIds = (own.providers ?? []).map((p) => p.client_id).slice(0, 10);
// Today's service refuses (500, as the real one) a payout wallet that is a Bittensor (TAO)
// wallet: those refusals are the service's answer, not errors, so only the others are set.
const owned = (await get('/account/wallets', sim.token)) as {
  wallets?: { wallet_id: string; blockchain: string }[];
};
const payoutWallets = (owned.wallets ?? []).filter((wallet) => wallet.blockchain !== 'TAO');

const json = (value: unknown) => JSON.stringify(value);
const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const requests: RequestTemplate[] = [
  { method: 'GET', path: '/network/provider-locations', weight: 2 },
  { method: 'GET', path: '/stats/last-90', weight: 2 },
];
for (const location of locations.slice(0, 20)) {
  const query = location.name.slice(0, 4);
  requests.push({
    method: 'POST',
    path: '/network/find-provider-locations',
    body: json({ query }),
    headers: { 'content-type': 'application/json' },
  });
}
for (const location of locations) {
  requests.push({
    method: 'POST',
    path: '/network/find-providers2',
    body: json({ specs: [{ location_id: location.location_id }], count: 10 }),
    headers: { 'content-type': 'application/json' },
  });
}
for (const group of groups) {
  requests.push({
    method: 'POST',
    path: '/network/find-providers2',
    body: json({ specs: [{ location_group_id: group.location_group_id }], count: 10 }),
    headers: { 'content-type': 'application/json' },
  });
}
for (const token of tokens) {
  const headers = auth(token);
  requests.push(
    { method: 'GET', path: '/account/payout-wallet', headers },
    { method: 'GET', path: '/device/associations', headers },
    { method: 'GET', path: '/stats/providers', headers },
    {
      method: 'POST',
      path: '/feedback/send-feedback',
      body: json({ uses: { personal: true } }),
      headers,
      weight: 0.2,
    },
    {
      method: 'POST',
      path: '/device/add',
      body: json({ code: 'abandon abandon abandon abandon abandon art' }),
      headers,
      weight: 0.2,
    },
  );
}
for (const wallet of payoutWallets) {
  requests.push({
    method: 'POST',
    path: '/account/payout-wallet',
    body: json({ wallet_id: wallet.wallet_id }),
    headers: auth(sim.token),
    weight: 0.2,
  });
}
for (const clientId of ownIds) {
  requests.push({
    method: 'POST',
    path: '/device/create-share-code',
    body: json({ client_id: clientId, device_name: 'load test' }),
    headers: auth(sim.token),
    weight: 0.1,
  });
}

const result = await runLoad({ url: sim.url, requests, clients: CLIENTS, durationMs: DURATION_MS, seed: 7 });
const p50 = quantile(result.latencies, 0.5);
const p99 = quantile(result.latencies, 0.99);
const broken = sim.engine.invariants();
const ticks = sim.engine.world.ticks;
await sim.close();

report({
  name: `simulator under ${CLIENTS} concurrent clients for ${DURATION_MS / 1000} s (${requests.length} request kinds)`,
  value: `${fmt(result.errors)} errors of ${fmt(result.requests)} requests, ${fmt(result.perSecond)} req/s, p50 ${fmt(p50, 1)} ms, p99 ${fmt(p99, 1)} ms`,
  budget: '0 errors',
  pass: result.errors === 0,
});
if (result.errors) console.log(`  e.g. ${result.errorSamples.join('; ')}`);
console.log(`  ${ticks} world ticks ran during the load; statuses ${JSON.stringify(result.byStatus)}`);
report({
  name: 'world invariants after the load',
  value: broken.length ? `${broken.length} broken: ${broken.slice(0, 3).join('; ')}` : 'none broken',
  budget: 'none broken',
  pass: broken.length === 0,
});
