import { describe, expect, it } from 'vitest';
import { MINUTE, rig } from './helpers.ts';

const HOUR = 60 * MINUTE;

describe('/stats/providers', () => {
  it("lists the caller network's providers with consistent 24 h figures (seed era: with provide_mode)", () => {
    const { engine, demo, clock } = rig({ era: 'seed' });
    const stats = engine.handle('providerStats', undefined, demo);
    expect(stats.created_time).toBe(new Date(clock.now()).toISOString());
    // The 24 own devices, and the old clients of those that came back with a new id.
    expect(stats.providers).toHaveLength(24 + engine.world.fleet.staleCount);
    const ownIds = engine.world.networkProviders.get(0)!.map((i) => engine.world.providers.ids.id(i));
    for (const p of stats.providers!) {
      expect(ownIds).toContain(p.client_id);
      expect(p.uptime_last_24h).toBeGreaterThanOrEqual(0);
      const events = p.connected_events_last_24h!;
      events.forEach((event, k) => {
        expect(Date.parse(event.event_time!)).toBeGreaterThan(clock.now() - 24 * HOUR);
        if (k > 0)
          expect(Date.parse(event.event_time!)).toBeGreaterThanOrEqual(Date.parse(events[k - 1].event_time!));
      });
      // Connections overlap at times (two connects in a row); the last connect leaves one open.
      if (events.at(-1)?.connected) expect(p.connected).toBe(true);
      // No change in 24 h: one connection open all day, or none.
      if (events.length === 0) expect(p.uptime_last_24h).toBe(p.connected ? 24 : 0);
      // Nothing open, nothing counted.
      if (!p.connected) expect(p.uptime_last_24h).toBe(0);
      expect([-1, 0, 1, 2, 3, 4]).toContain(p.provide_mode);
    }
  });

  it('the traffic figures change at a 60 s tick and not before; an open connection counts up to the answer', async () => {
    const { engine, demo, advance, clock } = rig();
    const first = JSON.stringify(engine.handle('providerStats', undefined, demo));
    const traffic = (answer: string) =>
      JSON.parse(answer).providers.map(
        ({ uptime_last_24h: _, ...figures }: { uptime_last_24h: number }) => figures,
      );
    await advance(59_000);
    const between = engine.handle('providerStats', undefined, demo);
    expect(traffic(JSON.stringify(between))).toEqual(traffic(first));
    // The service counts each open connection up to when it answers.
    expect(between.created_time).toBe(new Date(clock.now()).toISOString());
    const open = JSON.parse(first).providers.findIndex(
      (p: { connected: boolean; uptime_last_24h: number }) => p.connected && p.uptime_last_24h < 23.9,
    );
    expect(between.providers?.[open].uptime_last_24h).toBeCloseTo(
      JSON.parse(first).providers[open].uptime_last_24h + 59_000 / HOUR,
      1,
    );
    await advance(1_000);
    const after = engine.handle('providerStats', undefined, demo);
    expect(JSON.stringify(after)).not.toBe(first);
    expect(
      JSON.parse(first).providers.reduce(
        (s: number, p: { transfer_data_last_24h: number }) => s + p.transfer_data_last_24h,
        0,
      ),
    ).not.toBe(after.providers!.reduce((s, p) => s + p.transfer_data_last_24h!, 0));
  });

  it('a provider taken down between two ticks: at once offline, up 0 h, its disconnect listed at the answer’s time', async () => {
    const { engine, demo, advance, clock } = rig();
    const before = engine.handle('providerStats', undefined, demo).providers ?? [];
    const up = before.find((p) => p.connected && (p.uptime_last_24h ?? 0) > 1);
    expect(up).toBeDefined();
    await advance(20_000);
    engine.setProviderConnected(up!.client_id!, false);
    const takenDownAt = clock.now();
    await advance(10_000);
    const answer = engine.handle('providerStats', undefined, demo);
    const after = answer.providers?.find((p) => p.client_id === up!.client_id);
    expect(after?.connected).toBe(false);
    expect(after?.uptime_last_24h).toBe(0);
    expect(after?.connected_events_last_24h?.at(-1)).toEqual({
      event_time: new Date(takenDownAt).toISOString(),
      connected: false,
    });
    expect(answer.created_time).toBe(new Date(clock.now()).toISOString());
  });

  it('serves another network its own providers', () => {
    const { engine } = rig();
    const n = 3;
    const ref = engine.world.networks.ref(n);
    const stats = engine.handle('providerStats', undefined, { networkId: ref.id, networkName: ref.name });
    const p = engine.world.providers;
    for (const item of stats.providers!) expect(p.network[p.ids.index(item.client_id!, p.count)]).toBe(n);
  });
});

describe('/stats/last-90', () => {
  it('has 91 consecutive UTC days of integers (today - 90 to today), summaries of the last 3 days sent, and a millisecond created_time', () => {
    const { engine, clock } = rig();
    const stats = engine.handle('networkStats', undefined) as Record<string, unknown>;
    expect(stats.lookback).toBe(90);
    expect(stats.created_time).toBe(clock.now());
    const providers = stats.providers_data as Record<string, number>;
    const days = Object.keys(providers);
    expect(days).toHaveLength(91);
    expect(days[90]).toBe('2026-01-01');
    expect(days[0]).toBe('2025-10-03');
    // At midnight nothing has moved today yet: the transfer series ends yesterday, as the
    // service's (server: model/audit_model.go computeStatsTransfer), and so does its summary.
    const transfer = stats.all_transfer_data as Record<string, number>;
    expect(Object.keys(transfer)).toEqual(days.slice(0, 90));
    expect(stats.all_transfer_summary).toBe(
      Math.round(Math.max(...Object.values(transfer).slice(-3)) / 2 ** 20),
    );
    days.forEach((day, k) => {
      if (k > 0) expect(Date.parse(day) - Date.parse(days[k - 1])).toBe(86_400_000);
    });
    for (const [key, value] of Object.entries(stats)) {
      if (key.endsWith('_data'))
        for (const n of Object.values(value as object)) expect(Number.isInteger(n)).toBe(true);
      else expect(Number.isInteger(value)).toBe(true);
    }
    const last3 = Object.values(providers).slice(-3);
    expect(stats.providers_summary).toBe(Math.max(...last3));
    expect(stats.all_transfer_summary_rate).toBeGreaterThan(0);
  });

  it('changes at a tick only, and rolls the day over with the clock', async () => {
    const { engine, advance } = rig();
    const first = engine.handle('networkStats', undefined);
    await advance(59_000);
    expect(engine.handle('networkStats', undefined)).toBe(first);
    await advance(1_000);
    const next = engine.handle('networkStats', undefined) as Record<string, Record<string, number>>;
    expect(next).not.toEqual(first);
    expect((first.all_transfer_data as Record<string, number>)['2026-01-01']).toBeUndefined();
    expect(next.all_transfer_data['2026-01-01']).toBeGreaterThan(0);
    expect(Object.keys(next.all_transfer_data)).toHaveLength(91);
    await advance(24 * HOUR);
    const later = engine.handle('networkStats', undefined) as Record<string, Record<string, number>>;
    const days = Object.keys(later.providers_data);
    expect(days).toHaveLength(91);
    expect(days[90]).toBe('2026-01-02');
    expect(later.all_transfer_data['2026-01-02']).toBeGreaterThan(0);
  });
});

describe('/stats/last-90 count series', () => {
  /** How far apart two series' shapes are: the mean difference of each day's share of today's figure. */
  const apart = (a: number[], b: number[]) =>
    a.reduce((sum, value, k) => sum + Math.abs(value / a.at(-1)! - b[k] / b.at(-1)!), 0) / a.length;

  for (const era of ['current', 'seed'] as const) {
    it(`each draws its own curve (${era} era)`, () => {
      const { engine } = rig({ era });
      const stats = engine.handle('networkStats', undefined) as Record<string, unknown>;
      const counts = Object.entries(stats)
        .filter(([field]) => field.endsWith('_data') && !/transfer|packets/.test(field))
        .map(([field, series]) => [field, Object.values(series as Record<string, number>)] as const);
      expect(counts.length).toBeGreaterThanOrEqual(6);
      // One curve drawn six times, rounded, would be within a few thousandths.
      for (const [i, [field, a]] of counts.entries())
        for (const [other, b] of counts.slice(i + 1))
          expect(apart(a, b), `${field} / ${other}`).toBeGreaterThan(0.02);
    });
  }
});
