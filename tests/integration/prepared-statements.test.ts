// Statements drizzle builds are prepared once per connection on PostgreSQL (decision 0054): the connection keeps
// them (pg_prepared_statements), a transaction's statements too, and no more distinct texts than the cap,
// whatever a query builder produces.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "../../db/client.ts";
import { preparingStatements } from "../../db/prepared-statements.ts";
import { createPostgresDatabase } from "../support/database.ts";

/**
 * The parameterized texts the (only) connection has prepared (postgres.js prepares its own reading of the array
 * types on connecting; the query reading them has no parameter, so it is not one of them).
 */
async function preparedTexts(handle: Pick<DatabaseHandle, "db">): Promise<string[]> {
  const rows = await handle.db.execute(sql`select statement from pg_prepared_statements where statement like '%$1%'`);
  return (rows as unknown as Array<{ statement: string }>).map((row) => row.statement);
}

describe("prepared statements on postgres.js", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("prepares a parameterized statement once and reuses it, in and out of transactions", async () => {
    const handle = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
    try {
      for (let i = 0; i < 3; i++) expect(await handle.db.execute(sql`select ${i}::int + 1 as n`)).toMatchObject([{ n: i + 1 }]);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select ${"in a transaction"}::text as t`);
        await tx.transaction((nested) => nested.execute(sql`select ${"in a savepoint"}::text as t`));
      });
      const texts = await preparedTexts(handle);
      expect(texts.filter((text) => text === "select $1::int + 1 as n")).toHaveLength(1);
      expect(texts).toContain("select $1::text as t");
    } finally {
      await handle.close();
    }
  });

  it("sends texts beyond the cap unnamed, so a connection keeps a bounded number", async () => {
    const client = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const db = drizzle({ client: preparingStatements(client, new Set(), 2) });
      for (let i = 0; i < 5; i++) await db.execute(sql`select ${i}::int + ${sql.raw(String(i))} as n`);
      expect(await preparedTexts({ db: db as never })).toHaveLength(2);
    } finally {
      await client.end();
    }
  });
});
