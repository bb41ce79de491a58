// What the app's connection pool is doing — connections held by a statement or a transaction, statements waiting
// for one — and how long each statement takes, for /metrics. Neither driver reports this (postgres.js keeps its
// queues private; PGlite has one connection), so the counts come from wrapping the client drizzle is given: a
// statement holds a connection from the moment the driver dispatches it to its answer, a transaction from BEGIN
// to its end (decision 0053). Statements inside a transaction are timed but hold nothing more. With OpenTelemetry
// on (telemetry.ts), each statement is also a client span under the request's span: neither driver has an
// instrumentation of its own.
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";

export type StatementKind = "select" | "insert" | "update" | "delete" | "other";
export type StatementObserver = (seconds: number, kind: StatementKind, failed: boolean) => void;

let statementObserver: StatementObserver | undefined;

/** The same condition telemetry.ts starts the SDK on; without it no span is made (not even a no-op one). */
const tracing = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);

/** Sees every statement of every pool in this process once it has its answer (the metrics module sets it). */
export function observeStatements(observer: StatementObserver | undefined): void {
  statementObserver = observer;
}

export class PoolUsage {
  /** Statements outside a transaction and open transactions: each needs a connection of its own. */
  private holders = 0;
  readonly size: number;
  constructor(size: number) {
    this.size = size;
  }

  get inUse(): number {
    return Math.min(this.holders, this.size);
  }

  /** Statements and transactions queued behind the busy connections. */
  get waiting(): number {
    return Math.max(0, this.holders - this.size);
  }

  /** Starts one statement (or, with no text, one transaction); call the result when it settles. */
  begin(statement: string | undefined, holdsConnection: boolean): (failed: boolean) => void {
    if (holdsConnection) this.holders++;
    const started = performance.now();
    const span = tracing && statement !== undefined ? statementSpan(statement) : undefined;
    let settled = false;
    return (failed) => {
      if (settled) return;
      settled = true;
      if (holdsConnection) this.holders--;
      if (span) {
        if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      if (statement !== undefined) statementObserver?.((performance.now() - started) / 1000, kindOf(statement), failed);
    };
  }
}

/** A client span named after the statement's kind; the text carries placeholders ($1…), never the values. */
function statementSpan(statement: string) {
  const operation = kindOf(statement).toUpperCase();
  return trace.getTracer("nearhand-db").startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: { "db.system.name": "postgresql", "db.operation.name": operation, "db.query.text": statement.slice(0, 2000) },
  });
}

const kinds = new Set<StatementKind>(["select", "insert", "update", "delete"]);

/** The statement's first keyword; for a `with` statement, the first one after its (parenthesised) queries. */
export function kindOf(statement: string): StatementKind {
  let text = statement.slice(0, 4000).trimStart();
  if (/^with\b/i.test(text)) {
    for (let previous = ""; previous !== text;) [previous, text] = [text, text.replace(/\([^()]*\)/g, " ")];
    text = /\b(select|insert|update|delete)\b/i.exec(text.slice(4))?.[1] ?? "";
  }
  const word = /^[a-z]+/i.exec(text)?.[0]?.toLowerCase();
  return kinds.has(word as StatementKind) ? (word as StatementKind) : "other";
}

/**
 * A view of `target` whose `overrides` replace its own members; everything else reads through, methods bound to
 * the target itself (PGlite keeps private state a proxy could not reach).
 */
export function overriding<T extends object>(target: T, overrides: Record<string, unknown>): T {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, key) {
      if (typeof key === "string" && Object.hasOwn(overrides, key)) return overrides[key];
      const value: unknown = Reflect.get(object, key);
      if (typeof value !== "function") return value;
      if (!bound.has(key)) bound.set(key, (value as (...args: unknown[]) => unknown).bind(object));
      return bound.get(key);
    },
  });
}

interface PostgresJsQuery extends Promise<unknown> {
  handler: (query: PostgresJsQuery) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface PostgresJsSql {
  unsafe(query: string, params?: unknown[], options?: unknown): PostgresJsQuery;
  begin(...args: unknown[]): Promise<unknown>;
  savepoint?(...args: unknown[]): Promise<unknown>;
}

/**
 * The postgres.js client drizzle is given. A query object of postgres.js is lazy: it is dispatched to a connection
 * (its `handler`) when awaited, and settles through its own `resolve`/`reject`, which is where it is timed.
 */
export function trackPostgresJs<T extends object>(client: T, usage: PoolUsage, inTransaction = false): T {
  const sql = client as unknown as PostgresJsSql;
  const withCallback =
    (start: (...args: unknown[]) => Promise<unknown>, holdsConnection: boolean) =>
    (...args: unknown[]) => {
      const callback = args.at(-1) as (transactionSql: object) => unknown;
      const settle = usage.begin(undefined, holdsConnection);
      const wrapped = (transactionSql: object) => callback(trackPostgresJs(transactionSql, usage, true));
      return start(...args.slice(0, -1), wrapped).then(
        (value) => (settle(false), value),
        (error: unknown) => {
          settle(true);
          throw error;
        },
      );
    };
  const overrides: Record<string, unknown> = {
    unsafe(query: string, params?: unknown[], options?: unknown) {
      const pending = sql.unsafe(query, params, options);
      const { handler, resolve, reject } = pending;
      let settle: ((failed: boolean) => void) | undefined;
      pending.handler = (self) => {
        settle = usage.begin(query, !inTransaction);
        return handler(self);
      };
      pending.resolve = (value) => (settle?.(false), resolve(value));
      pending.reject = (error) => (settle?.(true), reject(error));
      return pending;
    },
  };
  if (inTransaction) {
    if (sql.savepoint) overrides.savepoint = withCallback(sql.savepoint.bind(sql), false);
  } else {
    overrides.begin = withCallback(sql.begin.bind(sql), true);
  }
  return overriding(client, overrides);
}

interface PgliteLike {
  query(query: string, params?: unknown[], options?: unknown): Promise<unknown>;
  transaction(callback: (transaction: object) => Promise<unknown>): Promise<unknown>;
}

/** The PGlite client drizzle is given: one connection, so anything beyond one holder waits. */
export function trackPglite<T extends object>(client: T, usage: PoolUsage, inTransaction = false): T {
  const target = client as unknown as PgliteLike;
  const timed = async <R>(statement: string | undefined, holdsConnection: boolean, run: () => Promise<R>): Promise<R> => {
    const settle = usage.begin(statement, holdsConnection);
    try {
      const result = await run();
      settle(false);
      return result;
    } catch (error) {
      settle(true);
      throw error;
    }
  };
  const overrides: Record<string, unknown> = {
    query: (query: string, params?: unknown[], options?: unknown) => timed(query, !inTransaction, () => target.query(query, params, options)),
  };
  if (!inTransaction) {
    overrides.transaction = (callback: (transaction: object) => Promise<unknown>) =>
      timed(undefined, true, () => target.transaction((transaction) => callback(trackPglite(transaction, usage, true))));
  }
  return overriding(client, overrides);
}
