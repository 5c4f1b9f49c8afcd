// The parser has no types of its own: what the exporter tests read of its output.
declare module 'parse-prometheus-text-format' {
  export interface MetricFamily {
    name: string;
    help: string;
    /** GAUGE, COUNTER, UNTYPED... */
    type: string;
    metrics: { value: string; labels?: Record<string, string> }[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
