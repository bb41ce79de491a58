// The pool's use as /metrics reports it: connections held by statements and transactions, statements waiting for
// one, and each statement's time — on postgres.js (the local PostgreSQL server) and on this run's database.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "../../db/client.ts";
import { observeStatements, type StatementKind } from "../../db/pool-usage.ts";
import { createPostgresDatabase, createTestDatabase, type TestDatabase } from "../support/database.ts";

interface Seen {
  kind: StatementKind;
  failed: boolean;
  seconds: number;
}

function watchStatements(): Seen[] {
  const seen: Seen[] = [];
  observeStatements((seconds, kind, failed) => seen.push({ kind, failed, seconds }));
  return seen;
}

afterEach(() => observeStatements(undefined));

/** Resolves once `check` holds, polling the handle while statements run. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe("pool use on postgres.js", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("counts connections in use and statements waiting beyond the pool's size, and frees them after", async () => {
    expect([handle.usage.size, handle.usage.inUse, handle.usage.waiting]).toEqual([2, 0, 0]);
    // Promise.all starts them: drizzle's queries run when awaited.
    const sleeps = Promise.all(Array.from({ length: 5 }, () => handle.db.execute(sql`select pg_sleep(0.3)`)));
    await until(() => handle.usage.waiting === 3);
    expect(handle.usage.inUse).toBe(2);
    await sleeps;
    expect([handle.usage.inUse, handle.usage.waiting]).toEqual([0, 0]);
  });

  it("holds one connection for a whole transaction, however many statements it runs", async () => {
    let inside = 0;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
      inside = handle.usage.inUse;
    });
    expect(inside).toBe(1);
    expect(handle.usage.inUse).toBe(0);
  });

  it("times each statement by kind, and counts a failed one and a rolled-back transaction's as failed", async () => {
    const seen = watchStatements();
    await handle.db.execute(sql`select pg_sleep(0.05)`);
    await handle.db.execute(sql`with t as (select 1) select * from t`);
    await expect(handle.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table pool_usage_test (n int)`);
        await tx.execute(sql`insert into pool_usage_test values (1)`);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(seen.map(({ kind, failed }) => `${kind}${failed ? "!" : ""}`)).toEqual(["select", "select", "select!", "other", "insert"]);
    expect(seen[0]!.seconds).toBeGreaterThanOrEqual(0.045);
    expect([handle.usage.inUse, handle.usage.waiting]).toEqual([0, 0]);
  });
});

describe("pool use on this run's database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("counts overlapping transactions as in use up to the pool's size and waiting beyond it, and times their statements", async () => {
    const { handle } = database;
    const seen = watchStatements();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = () =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      });
    const transactions = Promise.all([hold(), hold()]);
    // PGlite has one connection, so the second transaction waits for the first; PostgreSQL's pool runs both.
    await until(() => handle.usage.inUse + handle.usage.waiting === 2);
    expect(handle.usage.inUse).toBe(Math.min(2, handle.usage.size));
    release();
    await transactions;
    expect([handle.usage.inUse, handle.usage.waiting]).toEqual([0, 0]);
    expect(seen.filter((statement) => statement.kind === "select" && !statement.failed).length).toBeGreaterThanOrEqual(2);
  });
});
