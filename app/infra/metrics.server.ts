import "server-only";

// Prometheus metrics (prom-client) for GET /metrics: requests by route pattern and status, live sockets and the
// lag of live events (NOTIFY → delivered), rate-limit refusals, the mail queue, the database's connections (the
// pool's own use and waiters, each statement's time, and pg_stat_activity's view of every instance), and
// Node's own (event-loop lag, memory, GC). One registry per process; with WEB_CONCURRENCY each worker answers for
// itself, as a scraper of a multi-process instance expects.
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

import { observeStatements } from "#db/pool-usage.ts";
import { QUEUE_SCHEMA } from "#db/queue.ts";
import { CountedHistogram } from "~/infra/counted-histogram.server";
import { getDatabaseHandle } from "~/infra/db.server";
import { log } from "~/infra/logger.server";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

// Counted in plain numbers, as the statements' (counted-histogram.server.ts): prom-client's Histogram hashed a labels
// object on every request.
const requestSeconds = new CountedHistogram({
  name: "nearhand_http_request_duration_seconds",
  help: "Time to answer a request, by method, route pattern and status (its _count is the request count).",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const liveEventLagSeconds = new Histogram({
  name: "nearhand_live_event_lag_seconds",
  help: "From a live event's NOTIFY (sent once its transaction has committed) to its delivery to this instance's sockets.",
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});

const rateLimitRefusals = new Counter({
  name: "nearhand_rate_limit_refusals_total",
  help: "Requests refused by a rate limit, by limit.",
  labelNames: ["limit"] as const,
  registers: [registry],
});

/** Sources the gauges read when scraped (set by the modules that own them, which this one does not import). */
const sources: { liveSockets?: () => number } = {};

new Gauge({
  name: "nearhand_live_sockets",
  help: "Open live-channel (/ws) sockets on this process.",
  registers: [registry],
  collect() {
    this.set(sources.liveSockets?.() ?? 0);
  },
});

new Gauge({
  name: "nearhand_mail_queue_jobs",
  help: "Alert emails waiting in the queue (created or to be retried), by queue: database-wide.",
  labelNames: ["queue"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const rows = await rowsOf<{ name: string; waiting: number }>(
      sql`select name, count(*)::int as waiting from ${sql.identifier(QUEUE_SCHEMA)}.job where state in ('created', 'retry') group by name`,
    );
    for (const row of rows) this.set({ queue: row.name }, row.waiting);
  },
});

// Observed for every statement, several times per request: counted in plain numbers, read by prom-client when scraped.
const statementSeconds = new CountedHistogram({
  name: "nearhand_db_statement_duration_seconds",
  help: "Time from the driver dispatching a statement of this process to its answer, by kind and outcome.",
  labelNames: ["kind", "outcome"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [registry],
});
observeStatements((seconds, kind, failed) => statementSeconds.observe(seconds, kind, failed ? "error" : "ok"));

new Gauge({
  name: "nearhand_db_pool_connections",
  help: "This process's database connections by use: in_use (running a statement or a transaction), free, and max (the pool's size).",
  labelNames: ["state"] as const,
  registers: [registry],
  async collect() {
    const { usage } = await getDatabaseHandle();
    this.set({ state: "in_use" }, usage.inUse);
    this.set({ state: "free" }, usage.size - usage.inUse);
    this.set({ state: "max" }, usage.size);
  },
});

new Gauge({
  name: "nearhand_db_pool_waiting",
  help: "Statements and transactions of this process waiting for a connection of its pool.",
  registers: [registry],
  async collect() {
    this.set((await getDatabaseHandle()).usage.waiting);
  },
});

new Gauge({
  name: "nearhand_db_connections",
  help: "Connections to the app's PostgreSQL database by state (active, idle, idle in transaction…), from pg_stat_activity: every instance's.",
  labelNames: ["state"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const handle = await getDatabaseHandle();
    if (handle.kind !== "postgres") return;
    const rows = await rowsOf<{ state: string | null; connections: number }>(
      sql`select state, count(*)::int as connections from pg_stat_activity where datname = current_database() and backend_type = 'client backend' group by state`,
    );
    for (const row of rows) this.set({ state: row.state ?? "unknown" }, row.connections);
  },
});

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  try {
    const result = await (await getDatabaseHandle()).db.execute(query);
    return ((result as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
  } catch (err) {
    log().warn({ err }, "a metric could not be read from the database");
    return [];
  }
}

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  requestSeconds.observe(seconds, method, route, String(status));
}

export function observeLiveEventLag(seconds: number): void {
  liveEventLagSeconds.observe(Math.max(0, seconds));
}

export function countRateLimitRefusal(limit: string): void {
  rateLimitRefusals.inc({ limit });
}

export function measureLiveSockets(count: () => number): void {
  sources.liveSockets = count;
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
