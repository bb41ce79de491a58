import "server-only";

import type { Registry } from "prom-client";

// A Prometheus histogram for values observed many times per request (each database statement): a series is found
// once per label values and an observation is two additions, where prom-client's Histogram validates and hashes its
// labels object on every call (about 1% of posting a message's CPU at 11 statements). prom-client reads it when
// scraped, through the `get` of its Metric interface, in the same text a Histogram writes.

interface Series {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative); the last is above every bound (+Inf). */
  counts: number[];
  sum: number;
  count: number;
}

interface Sample {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName: string;
}

export interface CountedHistogramConfig<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
  /** Upper bounds, ascending. */
  buckets: readonly number[];
  registers: Registry[];
}

export class CountedHistogram<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly labelNames: readonly L[];
  private readonly bounds: readonly number[];
  private readonly series = new Map<string, Series>();

  constructor(config: CountedHistogramConfig<L>) {
    this.name = config.name;
    this.help = config.help;
    this.labelNames = config.labelNames;
    this.bounds = config.buckets;
    for (const registry of config.registers) registry.registerMetric(this as never);
  }

  /** Counts `value` in the series of these label values, given in `labelNames`' order; no count for a non-finite value. */
  observe(value: number, ...labelValues: string[]): void {
    // prom-client's Histogram throws on those; on the request path nothing may, and one NaN would spoil the sum for good.
    if (!Number.isFinite(value)) return;
    const key = labelValues.join("\u0000");
    let series = this.series.get(key);
    if (!series) {
      const labels = Object.fromEntries(this.labelNames.map((name, i) => [name, labelValues[i] ?? ""]));
      series = { labels, counts: new Array<number>(this.bounds.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && value > this.bounds[bucket]) bucket++;
    series.counts[bucket]++;
    series.sum += value;
    series.count++;
  }

  /** What the registry writes: each series' cumulative buckets, then its sum and count (prom-client's own layout). */
  getForPromString() {
    const values: Sample[] = [];
    for (const series of this.series.values()) {
      let cumulative = 0;
      for (const [i, bound] of this.bounds.entries()) {
        cumulative += series.counts[i];
        values.push({ labels: { le: bound }, sharedLabels: series.labels, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels: { le: "+Inf" }, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_bucket` });
      values.push({ labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The same with each sample's labels whole (registry.getMetricsAsJSON, the cluster aggregator). */
  get() {
    const metric = this.getForPromString();
    return { ...metric, values: metric.values.map(({ labels, sharedLabels, ...sample }) => ({ ...sample, labels: { ...labels, ...sharedLabels } })) };
  }

  reset(): void {
    this.series.clear();
  }
}
