// Providers as a struct of typed arrays (a million of them fit in ~20 MB). Base providers
// are numbered by (tier, city), so the providers of one tier in a city interval are
// one contiguous range; devices that join later ("extras") are appended after them.
import type { Geo } from './geo.ts';
import { ProviderIds } from './ids.ts';
import type { Rng } from './prng.ts';
import type { Steps } from './steps.ts';

export const TIERS = 4;
export const PUBLIC = 3;
const TIER_SHARE = [0.15, 0.35, 0.35, 0.15];
const TIER_SPEED = [25e6, 10e6, 4e6, 1.2e6]; // bytes per second
const OTHER_MODES = [-1, 0, 1, 2, 4];

export class Providers {
  readonly ids: ProviderIds;
  count = 0;
  baseCount = 0;
  city: Int32Array;
  network: Int32Array;
  mode: Int8Array;
  connected: Uint8Array;
  tier: Uint8Array;
  speed: Float32Array;
  health: Uint8Array;
  /** base providers of tier t in city c: [start[t * (C + 1) + c], start[t * (C + 1) + c + 1]) */
  tierCityStart: Int32Array;
  /** providers added after generation (adopted devices) */
  readonly extras: number[] = [];
  // Connected providers in public mode ("eligible"), per location, kept up to date.
  readonly eligibleCity: Int32Array;
  readonly eligibleRegion: Int32Array;
  readonly eligibleCountry: Int32Array;
  eligibleTotal = 0;
  connectedTotal = 0;
  liveCities = 0;
  liveRegions = 0;
  liveCountries = 0;

  constructor(
    readonly geo: Geo,
    seed: number,
    capacity: number,
  ) {
    this.ids = new ProviderIds(seed);
    this.city = new Int32Array(capacity);
    this.network = new Int32Array(capacity);
    this.mode = new Int8Array(capacity);
    this.connected = new Uint8Array(capacity);
    this.tier = new Uint8Array(capacity);
    this.speed = new Float32Array(capacity);
    this.health = new Uint8Array(capacity);
    this.tierCityStart = new Int32Array(TIERS * (geo.cityName.length + 1));
    this.eligibleCity = new Int32Array(geo.cityName.length);
    this.eligibleRegion = new Int32Array(geo.regionName.length);
    this.eligibleCountry = new Int32Array(geo.countryName.length);
  }

  /** Base range of tier `tier` for the city interval [from, to). */
  rangeStart(tier: number, city: number): number {
    return this.tierCityStart[tier * (this.geo.cityName.length + 1) + city];
  }

  isEligible(i: number): boolean {
    return this.connected[i] === 1 && this.mode[i] === PUBLIC;
  }

  /** Connects or disconnects provider i; false when it already was in that state. */
  setConnected(i: number, on: boolean): boolean {
    const value = on ? 1 : 0;
    if (this.connected[i] === value) return false;
    this.connected[i] = value;
    this.connectedTotal += on ? 1 : -1;
    if (this.mode[i] === PUBLIC) this.countEligible(this.city[i], on ? 1 : -1);
    return true;
  }

  private countEligible(city: number, delta: number): void {
    const region = this.geo.cityRegion[city];
    const country = this.geo.regionCountry[region];
    this.eligibleTotal += delta;
    // A location turns live at 0 -> 1 and dead at 1 -> 0.
    this.eligibleCity[city] += delta;
    this.eligibleRegion[region] += delta;
    this.eligibleCountry[country] += delta;
    const cityAfter = this.eligibleCity[city];
    const regionAfter = this.eligibleRegion[region];
    const countryAfter = this.eligibleCountry[country];
    if (cityAfter === (delta > 0 ? 1 : 0)) this.liveCities += delta;
    if (regionAfter === (delta > 0 ? 1 : 0)) this.liveRegions += delta;
    if (countryAfter === (delta > 0 ? 1 : 0)) this.liveCountries += delta;
  }

  /** Appends a provider (a device that joined a network); returns its index. */
  add(attrs: {
    city: number;
    network: number;
    mode: number;
    tier: number;
    speed: number;
    connected: boolean;
  }): number {
    if (this.count === this.city.length) this.grow(Math.max(64, this.count >> 3));
    const i = this.count++;
    this.city[i] = attrs.city;
    this.network[i] = attrs.network;
    this.mode[i] = attrs.mode;
    this.tier[i] = attrs.tier;
    this.speed[i] = attrs.speed;
    this.health[i] = 90;
    this.connected[i] = 0;
    this.extras.push(i);
    this.setConnected(i, attrs.connected);
    return i;
  }

  private grow(by: number): void {
    const size = this.city.length + by;
    const grown = <T extends Int32Array | Int8Array | Uint8Array | Float32Array>(
      old: T,
      make: (n: number) => T,
    ) => {
      const next = make(size);
      next.set(old as never);
      return next;
    };
    this.city = grown(this.city, (n) => new Int32Array(n));
    this.network = grown(this.network, (n) => new Int32Array(n));
    this.mode = grown(this.mode, (n) => new Int8Array(n));
    this.connected = grown(this.connected, (n) => new Uint8Array(n));
    this.tier = grown(this.tier, (n) => new Uint8Array(n));
    this.speed = grown(this.speed, (n) => new Float32Array(n));
    this.health = grown(this.health, (n) => new Uint8Array(n));
  }

  /** Counts eligible providers from scratch (for invariants). */
  recount(): { city: Int32Array; total: number } {
    const city = new Int32Array(this.geo.cityName.length);
    let total = 0;
    for (let i = 0; i < this.count; i++) {
      if (this.connected[i] === 1 && this.mode[i] === PUBLIC) {
        city[this.city[i]]++;
        total++;
      }
    }
    return { city, total };
  }
}

/** Splits `total` into integer parts proportional to `weights`. */
function apportion(total: number, weights: Float64Array): Int32Array {
  const parts = new Int32Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i];
  let cumulative = 0;
  let given = 0;
  for (let i = 0; i < weights.length; i++) {
    cumulative += weights[i];
    const upTo = i === weights.length - 1 ? total : Math.floor((cumulative / sum) * total);
    parts[i] = upTo - given;
    given = upTo;
  }
  return parts;
}

/** Providers per step of a stepped build (~5 ms of work). */
const CHUNK = 1 << 15;

/**
 * Generates `total` providers spread over the cities by weight; network 0 (the demo
 * network) gets `own` of them, the rest belong to networks 1..otherNetworks.
 */
export function* providerSteps(
  rng: Rng,
  geo: Geo,
  seed: number,
  total: number,
  own: number,
  otherNetworks: number,
): Steps<Providers> {
  const nCities = geo.cityName.length;
  const providers = new Providers(geo, seed, total + 64);
  const perCity = apportion(total, geo.cityWeight);
  // Tier counts per city: draw one tier per provider.
  const tierCount = new Int32Array(TIERS * nCities);
  const cut0 = TIER_SHARE[0];
  const cut1 = cut0 + TIER_SHARE[1];
  const cut2 = cut1 + TIER_SHARE[2];
  for (let c = 0; c < nCities; c++) {
    for (let k = perCity[c]; k > 0; k--) {
      const u = rng.float();
      const t = u < cut0 ? 0 : u < cut1 ? 1 : u < cut2 ? 2 : 3;
      tierCount[t * nCities + c]++;
    }
    if ((c & 0xfff) === 0xfff) yield (0.1 * c) / nCities;
  }
  let i = 0;
  for (let t = 0; t < TIERS; t++) {
    const base = t * (nCities + 1);
    const speed = TIER_SPEED[t];
    for (let c = 0; c < nCities; c++) {
      providers.tierCityStart[base + c] = i;
      for (let k = tierCount[t * nCities + c]; k > 0; k--, i++) {
        providers.city[i] = c;
        providers.tier[i] = t;
        providers.network[i] = 1 + rng.int(otherNetworks);
        providers.mode[i] = rng.chance(0.8) ? PUBLIC : OTHER_MODES[rng.int(OTHER_MODES.length)];
        providers.connected[i] = rng.chance(t === 0 ? 0.92 : 0.85) ? 1 : 0;
        // A few providers have no speed estimate yet.
        providers.speed[i] = rng.chance(0.04) ? 0 : Math.round(speed * (0.5 + rng.float()));
        providers.health[i] = 100 - t * 15 - rng.int(10);
        if ((i & (CHUNK - 1)) === CHUNK - 1) yield 0.1 + (0.8 * i) / total;
      }
    }
    providers.tierCityStart[base + nCities] = i;
  }
  providers.count = providers.baseCount = i;

  // The demo network's own providers: distinct, spread at random.
  const ownCount = Math.min(own, i);
  const taken = new Set<number>();
  while (taken.size < ownCount) {
    const p = rng.int(i);
    if (taken.has(p)) continue;
    taken.add(p);
    providers.network[p] = 0;
  }

  for (let p = 0; p < i; p++) {
    if ((p & (CHUNK - 1)) === CHUNK - 1) yield 0.9 + (0.1 * p) / i;
    if (providers.connected[p] === 0) continue;
    providers.connected[p] = 0;
    providers.setConnected(p, true);
  }
  return providers;
}
