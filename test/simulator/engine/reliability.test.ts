// GET /network/reliability (reference-operators.md section 2) against the providers' own
// connection tracks: each 15-minute bucket weighs the time the network's providing clients
// were connected, a provider taken offline weighs less, and the window keeps the service's
// shape (15 days, newest row dropped from the arrays but counted in the mean, recomputed
// every 30 minutes, cached 10 s per caller). The expectations replay the tracks' connection
// events here, never through the code under test.
import { describe, expect, it } from 'vitest';
import type { Track, World } from '../../../simulator/world/index.ts';
import { MINUTE, type Rig, rig } from './helpers.ts';

const BUCKET = 15 * MINUTE;
const RECOMPUTE = 30 * MINUTE;
const DAY = 24 * 60 * MINUTE;

/** Milliseconds within [from, to) when the track had a connection open. */
function connectedMs(track: Track, from: number, to: number): number {
  let open = track.open.length;
  let last = from;
  let ms = 0;
  for (const event of track.events) {
    const time = Math.min(Math.max(event.time, from), to);
    if (open > 0) ms += time - last;
    last = time;
    open = Math.max(0, open + (event.connected ? 1 : -1));
  }
  if (open > 0) ms += to - last;
  return ms;
}

/** The demo network's providers (network 0), found by scanning the world. */
function demoProviders(world: World): number[] {
  const p = world.providers;
  return Array.from({ length: p.count }, (_, i) => i).filter((i) => p.network[i] === 0);
}

/** What bucket b should hold: the providing clients' connected share, and who was there. */
function expectedBucket(world: World, b: number) {
  let weight = 0;
  let clients = 0;
  let total = 0;
  for (const i of demoProviders(world)) {
    const ms = connectedMs(world.tracks.get(i)!, b * BUCKET, (b + 1) * BUCKET);
    if (ms <= 0) continue;
    total++;
    if (world.providers.mode[i] <= 0) continue;
    weight += ms / BUCKET;
    clients++;
  }
  return { weight, clients, total };
}

function windowOf({ engine, demo }: Rig) {
  return engine.handle('networkReliability', undefined, demo).reliability_window!;
}

/** The bucket after the newest row the service has at `now` (it recomputes every 30 min). */
const recomputedBucket = (now: number) => Math.floor(now / RECOMPUTE) * (RECOMPUTE / BUCKET);

describe('/network/reliability follows the providers time online', () => {
  it('gives every bucket the weight and client counts its providers tracks say', () => {
    const r = rig();
    const w = windowOf(r);
    const world = r.engine.world;
    expect(w.reliability_weights!.length).toBeGreaterThan(1000);
    let fractional = 0;
    w.reliability_weights!.forEach((weight, k) => {
      const expected = expectedBucket(world, w.min_bucket_number! + k);
      expect(weight, `bucket ${k}`).toBeCloseTo(expected.weight, 9);
      expect(w.client_counts![k], `bucket ${k}`).toBe(expected.clients);
      expect(w.total_client_counts![k], `bucket ${k}`).toBe(expected.total);
      if (!Number.isInteger(Math.round(expected.weight * 1e9) / 1e9)) fractional++;
    });
    // The tracks change within buckets: some weights are shares, and they are not all alike.
    expect(fractional).toBeGreaterThan(0);
    expect(new Set(w.reliability_weights).size).toBeGreaterThan(3);
  });

  it('weighs less after a provider is taken offline than in the same world where it stayed on', async () => {
    const off = rig();
    const on = rig();
    const world = off.engine.world;
    const p = world.providers;
    const chosen = demoProviders(world).find((i) => p.mode[i] > 0 && p.connected[i] === 1)!;
    const id = p.ids.id(chosen);
    const start = off.clock.now();
    expect(off.engine.setProviderConnected(id, false)).toBe(true);
    // An hour on, held off in one world and on in the other (the ticks flip tracked providers now and then).
    for (let m = 0; m < 61; m++) {
      await off.advance(MINUTE);
      await on.advance(MINUTE);
      off.engine.setProviderConnected(id, false);
      on.engine.setProviderConnected(id, true);
    }
    const a = windowOf(off);
    const b = windowOf(on);
    expect(a.max_bucket_number).toBe(b.max_bucket_number);
    const first = Math.ceil(start / BUCKET);
    expect(a.max_bucket_number! - first).toBeGreaterThanOrEqual(3);
    const held = on.engine.world.tracks.get(chosen)!;
    for (let bucket = first; bucket < a.max_bucket_number!; bucket++) {
      const ka = bucket - a.min_bucket_number!;
      const kb = bucket - b.min_bucket_number!;
      // Where it stayed on, it was there the whole bucket; where taken off, not at all.
      expect(connectedMs(held, bucket * BUCKET, (bucket + 1) * BUCKET)).toBe(BUCKET);
      expect(connectedMs(world.tracks.get(chosen)!, bucket * BUCKET, (bucket + 1) * BUCKET)).toBe(0);
      expect(a.reliability_weights![ka]).toBeLessThan(b.reliability_weights![kb]);
      expect(a.client_counts![ka]).toBeLessThan(b.client_counts![kb]);
      expect(a.reliability_weights![ka]).toBeCloseTo(expectedBucket(world, bucket).weight, 9);
    }
    // Before it, the two worlds agree.
    const before = first - 1 - a.min_bucket_number!;
    expect(a.reliability_weights![before]).toBe(b.reliability_weights![before]);
    expect(a.mean_reliability_weight).toBeLessThan(b.mean_reliability_weight!);
  });
});

describe('/network/reliability: the window as the service keeps it', () => {
  it('keeps 15 days of buckets, drops the newest from the arrays and still counts it in the mean and maxima', () => {
    const r = rig();
    const w = windowOf(r);
    const world = r.engine.world;
    const newest = recomputedBucket(r.clock.now()) - 1;
    expect(w.bucket_duration_seconds).toBe(900);
    // The arrays end before the newest row, which is the bucket that ends at the recompute.
    expect(w.max_bucket_number).toBe(newest);
    // 15 days of rows, 96 a day, the oldest included.
    expect(w.min_bucket_number).toBe(newest - 15 * 96 + 1);
    const n = w.max_bucket_number! - w.min_bucket_number!;
    expect(n).toBe(15 * 96 - 1);
    expect(w.reliability_weights).toHaveLength(n);
    expect(w.client_counts).toHaveLength(n);
    expect(w.total_client_counts).toHaveLength(n);
    expect(w.min_time_unix_milli).toBe(w.min_bucket_number! * BUCKET);
    expect(w.max_time_unix_milli).toBe(w.max_bucket_number! * BUCKET);
    // The mean: every row's weight (the dropped newest too) over the arrays' length.
    const dropped = expectedBucket(world, newest);
    const sum = w.reliability_weights!.reduce((s, x) => s + x, 0);
    expect(w.mean_reliability_weight).toBeCloseTo((sum + dropped.weight) / n, 9);
    expect(w.max_client_count).toBe(Math.max(dropped.clients, ...w.client_counts!));
    expect(w.max_total_client_count).toBe(Math.max(dropped.total, ...w.total_client_counts!));
  });

  it('moves every 30 minutes, not with each tick, and lags behind the clock', async () => {
    const r = rig();
    const other = { ...r.demo, clientId: 'another-caller' };
    const before = windowOf(r).max_bucket_number!;
    expect(before).toBe(recomputedBucket(r.clock.now()) - 1);
    await r.advance(29 * MINUTE);
    const later = r.engine.handle('networkReliability', undefined, other).reliability_window!;
    expect(later.max_bucket_number).toBe(before);
    await r.advance(MINUTE);
    const moved = r.engine.handle('networkReliability', undefined, { ...other, clientId: 'a third' })
      .reliability_window!;
    expect(moved.max_bucket_number).toBe(before + 2);
    // The arrays end 15 to 45 minutes before now.
    const lag = r.clock.now() - moved.max_time_unix_milli!;
    expect(lag).toBeGreaterThanOrEqual(15 * MINUTE);
    expect(lag).toBeLessThan(45 * MINUTE);
  });

  it('caches the answer 10 s per caller', async () => {
    const r = rig();
    // 5 s before a recompute: the answer a moment later differs only through the cache.
    await r.advance(29 * MINUTE);
    await r.clock.advance(55_000);
    const first = windowOf(r);
    await r.clock.advance(9_000);
    // The recompute has passed: a new caller sees it, the first still has its cached answer.
    const fresh = r.engine.handle('networkReliability', undefined, { ...r.demo, clientId: 'fresh' })
      .reliability_window!;
    expect(fresh.max_bucket_number).toBe(first.max_bucket_number! + 2);
    expect(windowOf(r)).toBe(first);
    await r.clock.advance(1_000);
    expect(windowOf(r).max_bucket_number).toBe(first.max_bucket_number! + 2);
  });

  // Seed 10 has a providing client last connected 7 to 15 days ago, in a country no other
  // one is in: the window keeps its buckets, the countries leave it out.
  it.each([42, 10])(
    "lists the countries of providers that provided in the last 7 days and the caller's, each with a fixed multiplier (seed %i)",
    (seed) => {
      const r = rig({ seed });
      const world = r.engine.world;
      const geo = world.geo;
      const recomputed = recomputedBucket(r.clock.now()) * BUCKET;
      const countryOf = (i: number) =>
        geo.countryCode[geo.regionCountry[geo.cityRegion[world.providers.city[i]]]];
      const providers = demoProviders(world).filter((i) => world.providers.mode[i] > 0);
      const countriesSince = (from: number) =>
        new Set(
          providers.filter((i) => connectedMs(world.tracks.get(i)!, from, recomputed) > 0).map(countryOf),
        );
      const providing = countriesSince(recomputed - 7 * DAY);
      const older = [...countriesSince(recomputed - 15 * DAY)].filter((code) => !providing.has(code));
      if (seed === 10) expect(older.length).toBeGreaterThan(0);
      const expected = new Set([...providing, 'us']);
      const listed = windowOf(r).country_multipliers!;
      expect(new Set(listed.map((m) => m.country_code))).toEqual(expected);
      expect(listed).toHaveLength(expected.size);
      for (const m of listed) {
        expect([1, 1.25, 1.5, 2, 3]).toContain(m.reliability_multiplier);
        expect(m.country_location_id).toBe(geo.countryId[geo.countryCode.indexOf(m.country_code!)]);
      }
      // The caller's country is added, with the same multiplier whoever lists it.
      const elsewhere = geo.countryCode.find((code) => !expected.has(code))!;
      r.engine.setCallerCountry(elsewhere);
      const moved = windowOf(r).country_multipliers!;
      expect(new Set(moved.map((m) => m.country_code))).toEqual(new Set([...providing, elsewhere]));
      for (const m of listed) {
        const again = moved.find((x) => x.country_code === m.country_code);
        if (again) expect(again.reliability_multiplier).toBe(m.reliability_multiplier);
      }
    },
  );
});
