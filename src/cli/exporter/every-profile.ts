// `netdeck exporter --profiles all`: one exporter for every account. Each profile is
// polled on its own schedule, at most once per its refresh interval, the profiles spread
// over the interval (a profile's place from its position and its name: the same every
// run, so tests and restarts poll alike) rather than all at once; a scrape serves the
// last poll of each, waiting only for a profile that has none yet. /metrics is one
// registry whose every series carries `profile` and `network` (prom-client cannot merge
// registries that share metric names); /probe?profile=NAME is one profile's page, labelled
// by network only (Prometheus gives it `profile` from its target, as the multi-target
// pattern does); /targets lists the profiles for Prometheus' HTTP service discovery, names
// only. A profile that fails (its configuration, its token, its service) has `netdeck_up`
// 0 and leaves the others' series as they are. Each profile's peer list, where its service
// has one, is asked every 15 s on a schedule of its own (presence-series.ts), and a scrape
// serves the newest without waiting for it.
import { Registry } from 'prom-client';
import type { ApiClient } from '../../api/client.ts';
import type { Clock, TimerHandle } from '../../clock.ts';
import { OBSERVED_OPERATIONS, type Observation, observeService } from '../../store/observe.ts';
import { PRESENCE_MS } from '../long-running/presence-polls.ts';
import type { SeriesTarget } from './metric-spec.ts';
import {
  buildRegistry,
  countPoll,
  type ExporterState,
  newExporterState,
  presenceRegistry,
  setDown,
} from './metrics.ts';
import { type PeerListCache, peerListCache, withSeriesAfter } from './presence-series.ts';
import type { MetricsPage, ProfilePages } from './server.ts';

/** A profile as the exporter polls it (what profile/profiles.ts resolves, with its refresh). */
export type PolledProfile = { name: string; network: string } & (
  | {
      ok: true;
      client: ApiClient;
      clock: Clock;
      token?: string;
      refreshMs: number;
      /** The hours idle providers are judged over (undefined: the default). */
      idleHours?: number;
    }
  | { ok: false }
);

interface Poll {
  observation: Observation;
  durationMs: number;
}

/** One usable profile: its state between polls, its last poll, the one under way. */
interface Poller {
  profile: PolledProfile & { ok: true };
  state: ExporterState;
  peers: PeerListCache;
  last?: Poll;
  /** When the last poll started, on the profile's clock. */
  lastAt?: number;
  inFlight?: Promise<Poll>;
}

/** A turn that comes this soon after a poll (a scrape asked before the profile's first turn) is skipped. */
const skippedWithin = (refreshMs: number) => refreshMs - Math.min(1000, refreshMs / 10);

/** A number in [0, 1) from a name (FNV-1a): a profile's jitter, the same every run. */
function unitOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash / 2 ** 32;
}

/**
 * When each profile polls first, in ms from the start: the profiles spread evenly over
 * their interval in the order given, each moved later by up to a quarter of its share
 * (by its name), then once per interval.
 */
export function firstPollOffsets(profiles: readonly { name: string; refreshMs: number }[]): number[] {
  const n = profiles.length;
  return profiles.map(({ name, refreshMs }, i) => Math.floor(((i + unitOf(name) / 4) / n) * refreshMs));
}

export interface EveryProfileExporter {
  /** Every profile's series, each labelled by profile and network. */
  metrics(): Promise<MetricsPage>;
  pages: ProfilePages;
  /** Starts each profile's schedule of polls. */
  start(): void;
  /** Stops the polls' timers (a poll under way ends with the signal). */
  stop(): void;
}

export function exportEveryProfile(
  profiles: readonly PolledProfile[],
  options: { maxProviders: number; signal: AbortSignal },
): EveryProfileExporter {
  const pollers = new Map<string, Poller>();
  for (const profile of profiles)
    if (profile.ok)
      pollers.set(profile.name, {
        profile,
        state: newExporterState(profile.clock.now(), options.maxProviders),
        peers: peerListCache(profile.client, profile.clock, options.signal),
      });

  const poll = (poller: Poller): Promise<Poll> => {
    if (poller.inFlight) return poller.inFlight;
    const { client, clock, token, idleHours } = poller.profile;
    const started = performance.now();
    poller.lastAt = clock.now();
    const asked = OBSERVED_OPERATIONS.filter((name) => !poller.state.missing.has(name));
    poller.inFlight = observeService(client, asked, {
      now: () => clock.now(),
      token,
      signal: options.signal,
      idleHours,
    })
      .then((observation) => {
        countPoll(poller.state, observation);
        poller.last = { observation, durationMs: performance.now() - started };
        return poller.last;
      })
      .finally(() => {
        poller.inFlight = undefined;
      });
    return poller.inFlight;
  };
  /** The last poll; a profile that has none yet is polled now (its schedule goes on as it was). */
  const lastOf = (poller: Poller) => (poller.last ? Promise.resolve(poller.last) : poll(poller));

  const timers: TimerHandle[] = [];
  const peerTimers: TimerHandle[] = [];
  const usable = [...pollers.values()];

  /** A profile's series into `target`: its last poll's, or only `netdeck_up 0` when it cannot be polled. */
  const fill = async (profile: PolledProfile, target: SeriesTarget) => {
    const poller = pollers.get(profile.name);
    if (!poller) return setDown(target);
    const { observation, durationMs } = await lastOf(poller);
    buildRegistry(observation, poller.state, durationMs, { ...target, upMeansRead: true });
  };
  /** A profile's presence into `target`, as its newest peer list has it (made at each scrape). */
  const addPresence = (profile: PolledProfile, target: SeriesTarget) => {
    const poller = pollers.get(profile.name);
    if (poller) presenceRegistry(poller.peers.presence, poller.state, target);
  };
  const labelsOf = (profile: PolledProfile) => ({ profile: profile.name, network: profile.network });
  const page = async (registry: Registry): Promise<MetricsPage> => ({
    contentType: registry.contentType,
    body: await registry.metrics(),
  });

  // The page of every profile is built again only once one of them has polled anew.
  let built: { polls: (Poll | undefined)[]; page: Promise<MetricsPage> } | undefined;
  return {
    async metrics() {
      await Promise.all(usable.map(lastOf));
      const polls = profiles.map((profile) => pollers.get(profile.name)?.last);
      if (!built?.polls.every((p, k) => p === polls[k])) {
        const registry = new Registry();
        for (const profile of profiles) await fill(profile, { registry, labels: labelsOf(profile) });
        built = { polls, page: page(registry) };
      }
      const present = new Registry();
      for (const profile of profiles) addPresence(profile, { registry: present, labels: labelsOf(profile) });
      return withSeriesAfter(await built.page, present);
    },
    pages: {
      probe(name) {
        const profile = profiles.find((p) => p.name === name);
        if (!profile) return undefined;
        const target = { registry: new Registry(), labels: { network: profile.network } };
        return fill(profile, target).then(() => {
          addPresence(profile, target);
          return page(target.registry);
        });
      },
      targets: (host) =>
        JSON.stringify(
          profiles.map((profile) => ({
            targets: [host],
            labels: { __metrics_path__: '/probe', __param_profile: profile.name, profile: profile.name },
          })),
        ),
    },
    start() {
      const offsets = firstPollOffsets(usable.map((p) => p.profile));
      usable.forEach((poller, k) => {
        const { clock, refreshMs } = poller.profile;
        const tick = () => {
          if (options.signal.aborted) return;
          const { lastAt } = poller;
          if (lastAt === undefined || clock.now() - lastAt >= skippedWithin(refreshMs)) void poll(poller);
          timers[k] = clock.setTimeout(tick, refreshMs);
        };
        timers[k] = clock.setTimeout(tick, offsets[k]);
        // The peer list from the profile's first poll on, until its service says it has none.
        const look = () => {
          if (options.signal.aborted || !poller.peers.served) return;
          void poller.peers.get();
          peerTimers[k] = clock.setTimeout(look, PRESENCE_MS);
        };
        peerTimers[k] = clock.setTimeout(look, offsets[k]);
      });
    },
    stop() {
      for (const timer of [...timers, ...peerTimers]) timer.cancel();
    },
  };
}
