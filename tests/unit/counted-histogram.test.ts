// The statements' histogram is counted in plain numbers (app/infra/counted-histogram.server.ts); a scraper must read
// the same text from it as from prom-client's own Histogram fed the same observations.
import fc from "fast-check";
import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";

import { CountedHistogram } from "~/infra/counted-histogram.server";

const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];
const config = { name: "statement_seconds", help: "Statement time.", labelNames: ["kind", "outcome"] as const, buckets: BUCKETS };

function both() {
  const counted = new Registry();
  const reference = new Registry();
  return {
    counted,
    reference,
    histogram: new CountedHistogram({ ...config, registers: [counted] }),
    promClient: new Histogram({ ...config, buckets: [...BUCKETS], registers: [reference] }),
  };
}

/** The Histogram's JSON names an exemplar (null) on each bucket; exemplars are off, and the text has none. */
function withoutExemplars(metrics: Awaited<ReturnType<Registry["getMetricsAsJSON"]>>) {
  return metrics.map((metric) => ({
    ...metric,
    values: metric.values.map((sample) => Object.fromEntries(Object.entries(sample).filter(([key]) => key !== "exemplar"))),
  }));
}

const observation = fc.record({
  // Values on the bounds too: a bucket's bound is inclusive (le).
  seconds: fc.oneof(fc.double({ min: 0, max: 10, noNaN: true }), fc.constantFrom(...BUCKETS)),
  kind: fc.constantFrom("select", "insert", "update", "delete", "other"),
  outcome: fc.constantFrom("ok", "error"),
});

describe("the counted histogram", () => {
  it("writes what prom-client's Histogram writes for the same observations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const { counted, reference, histogram, promClient } = both();
        for (const { seconds, kind, outcome } of observations) {
          histogram.observe(seconds, kind, outcome);
          promClient.observe({ kind, outcome }, seconds);
        }
        expect(await counted.metrics()).toBe(await reference.metrics());
        expect(await counted.getMetricsAsJSON()).toEqual(withoutExemplars(await reference.getMetricsAsJSON()));
      }),
    );
  });

  it("leaves out a value that is no finite number instead of throwing on the request path", async () => {
    const { counted, reference, histogram, promClient } = both();
    histogram.observe(0.002, "select", "ok");
    promClient.observe({ kind: "select", outcome: "ok" }, 0.002);
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => histogram.observe(value, "select", "ok")).not.toThrow();
      expect(() => promClient.observe({ kind: "select", outcome: "ok" }, value)).toThrow();
    }
    expect(await counted.metrics()).toBe(await reference.metrics());
  });

  it("is emptied by the registry's reset, as a Histogram is", async () => {
    const { counted, reference, histogram, promClient } = both();
    histogram.observe(0.002, "select", "ok");
    promClient.observe({ kind: "select", outcome: "ok" }, 0.002);
    counted.resetMetrics();
    reference.resetMetrics();
    expect(await counted.metrics()).toBe(await reference.metrics());
    expect(await counted.metrics()).not.toContain("statement_seconds_count");
  });
});
