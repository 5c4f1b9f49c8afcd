// What a metric of the exporter is (its name, type, help and labels: the table of
// metrics.ts lists them all, docs/operators.md and a test are kept to it), and how a
// poll's series are written into a prom-client registry: one registry per poll for one
// profile, or one for every profile whose series each carry their profile's labels (two
// registries cannot be merged: prom-client refuses a metric name twice).
import { Counter, Gauge, type Registry } from 'prom-client';

export interface MetricSpec {
  name: string;
  type: 'gauge' | 'counter';
  help: string;
  labels: readonly string[];
}

export const gauge = (name: string, help: string, labels: readonly string[] = []): MetricSpec => ({
  name,
  type: 'gauge',
  help,
  labels,
});

export const counter = (name: string, help: string, labels: readonly string[] = []): MetricSpec => ({
  name,
  type: 'counter',
  help,
  labels,
});

/** Sets one series of a metric of the table; a value that is not a finite number is left out. */
export type SetSeries = (name: string, value: number | undefined, labels?: Record<string, string>) => void;

/** Where a poll's series go, and the labels every one of them carries beside its own (`profile`, `network`). */
export interface SeriesTarget {
  registry: Registry;
  labels: Record<string, string>;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Writes series of the metrics in `specs` into the target's registry: a metric is made
 * the first time one of its series is set (so a metric without series is not served) and
 * found again in the registry after that, for the next profile's series.
 */
export function seriesWriter(specs: ReadonlyMap<string, MetricSpec>, target: SeriesTarget): SetSeries {
  const extra = Object.keys(target.labels);
  const metric = (name: string) => {
    const made = target.registry.getSingleMetric(name);
    if (made) return made as Gauge | Counter;
    const spec = specs.get(name);
    if (!spec) throw new Error(`exporter: no metric ${name} in the table`);
    const config = {
      name,
      help: spec.help,
      labelNames: [...spec.labels, ...extra],
      registers: [target.registry],
    };
    return spec.type === 'gauge' ? new Gauge(config) : new Counter(config);
  };
  return (name, value, labels = {}) => {
    if (!finite(value)) return;
    const made = metric(name);
    const all = { ...labels, ...target.labels };
    if (made instanceof Gauge) made.set(all, value);
    else made.inc(all, value);
  };
}
