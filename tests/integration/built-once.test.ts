// A query built once for any executor (builtOnceAnywhere, issue 36 §3) runs where it is told to: on the database,
// or inside a transaction of it, whose rollback takes its writes along; and it is built once for them all.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { builtOnceAnywhere } from "~/infra/built-once.server";
import { inTransaction } from "~/infra/events.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(async () => {
  await database?.dispose();
});

let builds = 0;
const renameQuery = builtOnceAnywhere((executor) => {
  builds++;
  return executor
    .update(t.users)
    .set({ firstName: sql`${sql.placeholder("firstName")}` })
    .where(eq(t.users.id, sql.placeholder("id")))
    .returning({ firstName: t.users.firstName })
    .prepare("rename_user");
});

const firstNameOf = async (id: string) => (await db.select({ firstName: t.users.firstName }).from(t.users).where(eq(t.users.id, id)))[0]?.firstName;

describe("a query built once for any executor", () => {
  it("runs in the transaction it is given (a rollback undoes it), on the database otherwise, built once for all", async () => {
    const [user] = await db
      .insert(t.users)
      .values({ email: `built-once-${Date.now()}@example.com`, firstName: "Before" })
      .returning();
    builds = 0;
    await expect(
      inTransaction(db, async (tx) => {
        expect(await renameQuery(tx).execute({ id: user.id, firstName: "Rolled back" })).toEqual([{ firstName: "Rolled back" }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await firstNameOf(user.id)).toBe("Before");

    await inTransaction(db, (tx) => renameQuery(tx).execute({ id: user.id, firstName: "Committed" }));
    expect(await firstNameOf(user.id)).toBe("Committed");

    await renameQuery(db).execute({ id: user.id, firstName: "Outside" });
    expect(await firstNameOf(user.id)).toBe("Outside");
    expect(builds).toBe(1);
  });
});
