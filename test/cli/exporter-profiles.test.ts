// `netdeck exporter --profiles all` over three profiles of one simulator (the demo network,
// a network whose token the admin route minted, a token the simulator refuses, its profile
// named with a quote and a backslash): /metrics labels every series by profile and network,
// /probe?profile= answers only the configured profiles, /targets is Prometheus HTTP service
// discovery, the refused profile has up 0 and leaves the others' series; a Prometheus text
// parser reads every page. Polls are spread over the refresh interval; --per-provider
// bounds the series, the aggregates stay.
import { readFileSync } from 'node:fs';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPollOffsets } from '../../src/cli/exporter/every-profile.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { type Exporter, family, startExporter, value } from './exporter-harness.ts';
import { run, type SimFixture, startSimFixture } from './harness.ts';
import { writeThreeProfiles } from './profiles-harness.ts';

const REFUSED = 'retired "old" \\ one';
let fx: SimFixture;
let env: Record<string, string>;
let requests: string[];
let lab: string;
let exporter: Exporter;
let base: string;
let all: MetricFamily[];

const polls = () => requests.filter((line) => line.startsWith('GET /account/payout-wallet ')).length;
const page = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};
/** The samples of a metric served for one profile. */
const samplesOf = (families: MetricFamily[], name: string, profile: string) =>
  family(families, name)?.metrics.filter((m) => m.labels?.profile === profile) ?? [];

beforeAll(async () => {
  requests = [];
  fx = await startSimFixture({ log: (line) => requests.push(line) });
  ({ lab } = await writeThreeProfiles(fx, ['home', 'lab', REFUSED]));
  env = { XDG_CONFIG_HOME: fx.config.path };
  exporter = await startExporter(['--profiles', 'all', '--refresh', '60'], env, { clock: fx.clock });
  base = exporter.url.replace(/\/metrics$/, '');
  all = await exporter.scrape();
});
afterAll(async () => {
  await exporter.stop();
  await fx.close();
});

describe('netdeck exporter --profiles all: /metrics', () => {
  it('labels every series with its profile and network; the refused profile is down and leaves the others', async () => {
    for (const f of all)
      for (const sample of f.metrics) expect(Object.keys(sample.labels ?? {}), f.name).toContain('profile');
    const networks = new Map(
      all.flatMap((f) => f.metrics.map((m) => [m.labels?.profile, m.labels?.network] as const)),
    );
    expect(networks).toEqual(
      new Map([
        ['home', 'demo'],
        ['lab', lab],
        [REFUSED, 'retired'],
      ]),
    );
    expect(value(all, 'netdeck_up', { profile: 'home' })).toBe(1);
    expect(value(all, 'netdeck_up', { profile: 'lab' })).toBe(1);
    expect(value(all, 'netdeck_up', { profile: REFUSED })).toBe(0);
    expect(value(all, 'netdeck_token_valid', { profile: REFUSED })).toBe(0);
    expect(samplesOf(all, 'netdeck_provider_connected', REFUSED)).toEqual([]);
    // Each profile's providers as the service lists them for its network.
    for (const [profile, network] of [
      ['home', fx.sim.engine.demoNetwork],
      ['lab', { id: fx.sim.engine.world.networks.ids[1], name: lab }],
    ] as const) {
      const stats = fx.sim.engine.handle('providerStats', undefined, {
        networkId: network.id,
        networkName: network.name,
      });
      expect(value(all, 'netdeck_providers', { profile }), profile).toBe(stats.providers!.length);
      expect(samplesOf(all, 'netdeck_provider_connected', profile)).toHaveLength(stats.providers!.length);
      const grouped = samplesOf(all, 'netdeck_providers_by_state', profile).reduce(
        (sum, m) => sum + Number(m.value),
        0,
      );
      expect(grouped, profile).toBe(stats.providers!.length);
    }
  });

  it('polls each profile once per interval, their turns spread over it rather than all at once', async () => {
    /** The 5-second steps of the next minute in which a poll began. */
    const minute = async () => {
      const steps: number[] = [];
      for (let step = 0; step < 12; step++) {
        const seen = polls();
        await fx.clock.advance(5_000);
        for (let k = seen; k < polls(); k++) steps.push(step);
      }
      return steps;
    };
    // The first scrape polled them all; their first turns, within that minute, are skipped.
    expect(await minute()).toEqual([]);
    const turns = await minute();
    expect(turns).toHaveLength(3);
    expect(new Set(turns).size).toBe(3);
    // Each profile's turn: its place in the order, moved by its name (the same every run).
    const offsets = firstPollOffsets(['home', 'lab', REFUSED].map((name) => ({ name, refreshMs: 60_000 })));
    expect(offsets.map((ms, i) => Math.floor(ms / 20_000) === i)).toEqual([true, true, true]);
    expect(turns).toEqual(offsets.map((ms) => Math.floor(ms / 5_000)));
  });
});

describe('netdeck exporter --profiles all: /probe and /targets', () => {
  it('/probe?profile=NAME is that profile’s page, labelled by network only; any other name is a 404', async () => {
    const home = await page('/probe?profile=home');
    expect(home.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(home.text);
    for (const f of families)
      for (const sample of f.metrics) {
        expect(sample.labels?.profile, f.name).toBeUndefined();
        expect(sample.labels?.network, f.name).toBe('demo');
      }
    expect(value(families, 'netdeck_providers')).toBe(value(all, 'netdeck_providers', { profile: 'home' }));
    const refused = parsePrometheusTextFormat(
      (await page(`/probe?profile=${encodeURIComponent(REFUSED)}`)).text,
    );
    expect(value(refused, 'netdeck_up')).toBe(0);
    expect((await page('/probe?profile=nobody')).status).toBe(404);
    expect((await page('/probe?profile=home2')).status).toBe(404);
    expect((await page('/probe')).status).toBe(400);
  });

  it('/targets is Prometheus HTTP service discovery: a group per profile, to be scraped at /probe', async () => {
    const targets = await page('/targets');
    expect(targets.status).toBe(200);
    expect(targets.type).toMatch(/^application\/json/);
    const groups = JSON.parse(targets.text) as { targets: unknown; labels: Record<string, unknown> }[];
    expect(Array.isArray(groups)).toBe(true);
    const host = new URL(base).host;
    for (const group of groups) {
      expect(group.targets).toEqual([host]);
      for (const [name, text] of Object.entries(group.labels)) {
        expect(name).toMatch(/^[a-zA-Z_][a-zA-Z0-9_]*$/);
        expect(typeof text).toBe('string');
      }
    }
    expect(groups.map((g) => g.labels)).toEqual(
      ['home', 'lab', REFUSED].map((name) => ({
        __metrics_path__: '/probe',
        __param_profile: name,
        profile: name,
      })),
    );
    // What Prometheus would scrape for each target answers.
    for (const group of groups) {
      const path = `${group.labels.__metrics_path__}?profile=${encodeURIComponent(String(group.labels.__param_profile))}`;
      expect(parsePrometheusTextFormat((await page(path)).text).length).toBeGreaterThan(0);
    }
  });
});

describe('the Grafana dashboard over profiles', () => {
  it('has a profile variable, the device one chained to it, and every panel filtered by it', () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../docs/grafana/netdeck.json', import.meta.url), 'utf8'),
    ) as {
      templating: { list: { name: string; query?: string }[] };
      panels: { type: string; targets?: { expr: string }[] }[];
    };
    const variables = dashboard.templating.list;
    expect(variables.map((v) => v.name)).toEqual(['datasource', 'profile', 'device']);
    expect(variables[1].query).toBe('label_values(netdeck_up, profile)');
    expect(variables[2].query).toBe('label_values(netdeck_provider_info{profile=~"$profile"}, device_name)');
    const selectors = dashboard.panels
      .filter((panel) => panel.type !== 'row')
      .flatMap((panel) => panel.targets ?? [])
      .flatMap((target) => [...target.expr.matchAll(/\bnetdeck_[a-z0-9_]+(\{[^}]*\})?/g)]);
    expect(selectors.length).toBeGreaterThan(30);
    for (const [selector, braces] of selectors) expect(braces, selector).toMatch(/^\{profile=~"\$profile"/);
    // The fleet's aggregates show whatever --per-provider serves of each provider.
    expect(selectors.map(([selector]) => selector)).toContainEqual(
      expect.stringMatching(/^netdeck_providers_by_state\{/),
    );
  });
});

describe('netdeck exporter --per-provider', () => {
  it('off serves no provider series, only the aggregates; top:N the first N; all of them', async () => {
    const off = await startExporter(['--profiles', 'home,lab', '--per-provider', 'off'], env, {
      clock: fx.clock,
    });
    const families = await off.scrape();
    await off.stop();
    expect(family(families, 'netdeck_provider_connected')).toBeUndefined();
    for (const profile of ['home', 'lab'])
      expect(
        samplesOf(families, 'netdeck_providers_by_state', profile).reduce(
          (sum, m) => sum + Number(m.value),
          0,
        ),
      ).toBe(value(families, 'netdeck_providers', { profile }));
    expect(value(families, 'netdeck_providers_omitted', { profile: 'lab' })).toBe(
      value(families, 'netdeck_providers', { profile: 'lab' }),
    );

    const top = await startExporter(['--per-provider', 'top:2'], { ...fx.env }, { clock: fx.clock });
    const two = await top.scrape();
    await top.stop();
    expect(family(two, 'netdeck_provider_connected')!.metrics).toHaveLength(2);

    const bad = await run(['exporter', '--per-provider', 'some'], { env: fx.env });
    expect(bad.code).toBe(ExitCode.usage);
    expect(bad.stderr).toMatch(/expects all, top:N \(a whole number\) or off/);
    const both = await run(['exporter', '--per-provider', 'all', '--max-providers', '3'], { env: fx.env });
    expect(both.code).toBe(ExitCode.usage);
  });
});

describe('netdeck exporter --profiles given a name there is not', () => {
  it('is a usage error naming the profiles there are, before it listens', async () => {
    const unknown = await run(['exporter', '--profiles', 'home,nobody'], { env });
    expect(unknown.code).toBe(ExitCode.usage);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/no profile "nobody"; the profiles there are: home, lab, retired/);
  });
});
