// Runs `netdeck exporter` in process on a free port until the test stops it.
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import type { CliDeps } from '../../src/cli/context.ts';
import { eventually, run } from './harness.ts';

export interface Exporter {
  url: string;
  output: { stdout: string; stderr: string };
  scrape(): Promise<MetricFamily[]>;
  stop(): Promise<number>;
}

/** Starts `netdeck [GLOBAL...] exporter --listen 127.0.0.1:0 ARGS` and waits for its URL. */
export async function startExporter(
  args: string[],
  env: Record<string, string | undefined>,
  deps: CliDeps = {},
  global: string[] = [],
): Promise<Exporter> {
  const controller = new AbortController();
  const output = { stdout: '', stderr: '' };
  const done = run([...global, 'exporter', '--listen', '127.0.0.1:0', ...args], {
    env,
    output,
    deps: { ...deps, stop: controller.signal },
  });
  let code: number | undefined;
  void done.then((result) => {
    code = result.code;
  });
  await eventually(() => /listening on /.test(output.stdout) || code !== undefined, 'the exporter to listen');
  const url = /listening on (\S+)/.exec(output.stdout)?.[1];
  if (!url) throw new Error(`the exporter did not start: ${output.stderr}`);
  return {
    url,
    output,
    scrape: async () => parsePrometheusTextFormat(await (await fetch(url)).text()),
    stop: async () => {
      controller.abort();
      return (await done).code;
    },
  };
}

/** A metric family by name. */
export const family = (families: MetricFamily[], name: string) => families.find((f) => f.name === name);
/** A sample's value by name and labels (undefined when not served). */
export const value = (families: MetricFamily[], name: string, labels: Record<string, string> = {}) => {
  const sample = family(families, name)?.metrics.find((m) =>
    Object.entries(labels).every(([key, v]) => m.labels?.[key] === v),
  );
  return sample === undefined ? undefined : Number(sample.value);
};
