// Opens the database: PostgreSQL through postgres.js when a URL is given,
// otherwise embedded PGlite. Plain Node imports this file too (CLI scripts),
// so it uses relative `.ts` imports and no path aliases.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import { PoolUsage, trackPglite, trackPostgresJs } from "./pool-usage.ts";
import { preparingStatements } from "./prepared-statements.ts";
import { countingQueries, countQuery } from "./query-count.ts";
import { installQueue } from "./queue.ts";

/**
 * Without drizzle's relational queries (`db.query.…`), which the app does not use: given the schema, drizzle builds a
 * query builder for every table on each database object, and every transaction is a new one (0.8% of posting a
 * message's CPU).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: model functions accept both. */
export type Executor = Database | Transaction;

/** The rows of a raw `db.execute`: postgres.js answers with an array, PGlite with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** What the app's connections are doing right now (for /metrics). */
  usage: PoolUsage;
  /** PostgreSQL's URL (other clients, such as the job queue, open their own connections with it). */
  url?: string;
  /** PGlite's one client (other clients, such as the job queue, share it). */
  pglite?: PGlite;
  /** Runs `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  /** Applies the committed drizzle-kit migrations and installs the job queue's schema; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** PGlite only: the data directory as a tarball (for test templates). */
  dump?: () => Promise<Blob>;
  /** LISTENs on a channel; NOTIFY payloads arrive after the notifying transaction commits. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or "memory://" for a throwaway database. */
  dataDir?: string;
  /** Max connections in the postgres.js pool. */
  poolSize?: number;
  /** A PGlite data directory dump to start from (tests use a migrated template: initdb is slow). */
  pgliteTemplate?: Blob;
  /** Sees every statement drizzle sends, with its parameters (the benchmark EXPLAINs them). */
  onQuery?: (query: string, params: unknown[]) => void;
}

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = queryLogger(options.onQuery);
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, logger);
  return openPglite(options.dataDir ?? ".data/pglite", options.pgliteTemplate, logger);
}

/**
 * Seconds before a connection retries after failing. The driver's default grows
 * to 10-20 s, so a database back after a restart would go unused for that long;
 * capped at 1 s (with jitter) the app serves again within a second or two.
 */
export function reconnectDelaySeconds(failures: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** failures, 1);
}

/** No logger unless someone listens: the benchmark's hooks cost nothing in normal runs. */
function queryLogger(onQuery: DatabaseOptions["onQuery"]): Logger | undefined {
  if (!onQuery && !countingQueries) return undefined;
  return {
    logQuery(query, params) {
      if (countingQueries) countQuery();
      onQuery?.(query, params);
    },
  };
}

async function openPostgres(url: string, poolSize: number, logger: Logger | undefined): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 60,
    backoff: reconnectDelaySeconds,
  });
  const usage = new PoolUsage(poolSize);
  const db = drizzle({ client: trackPostgresJs(preparingStatements(client), usage), logger }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    usage,
    url,
    async ping() {
      await client`select 1`;
    },
    async migrate() {
      const { migrate } = await import("drizzle-orm/postgres-js/migrator");
      // A session-level advisory lock on a reserved connection serialises concurrent starts.
      const lockConnection = await client.reserve();
      try {
        await lockConnection`select pg_advisory_lock(7310452)`;
        await migrate(db as never, { migrationsFolder });
      } finally {
        await lockConnection`select pg_advisory_unlock(7310452)`.catch(() => {});
        lockConnection.release();
      }
      await installQueue({ url });
    },
    async listen(channel, onPayload) {
      // postgres.js keeps a dedicated connection for LISTEN and re-listens after reconnecting.
      const subscription = await client.listen(channel, onPayload);
      return () => subscription.unlisten();
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

async function openPglite(dataDir: string, template: Blob | undefined, logger: Logger | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { cube } = await import("@electric-sql/pglite/contrib/cube");
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  // The extensions the migrations create (decisions 0026, 0072) must be loadable by this engine.
  const extensions = { cube, btree_gist, pg_trgm };
  const client = await PGlite.create(dataDir, template ? { loadDataDir: template, extensions } : { extensions });
  const usage = new PoolUsage(1);
  const db = drizzle({ client: trackPglite(client, usage), logger }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    usage,
    pglite: client,
    async ping() {
      await client.query("select 1");
    },
    async migrate() {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(db as never, { migrationsFolder });
      await installQueue({ pglite: client });
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
    dump: () => client.dumpDataDir("none"),
  };
}
