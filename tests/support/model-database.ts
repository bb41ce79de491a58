// The database of a model test file: a fresh migrated one for the file (see database.ts), handed to the file
// once open, and a maker of users with unique emails.
import { afterAll, beforeAll } from "vitest";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export function modelTestDatabase(opened: (db: Database) => void) {
  let database: TestDatabase | undefined;
  let counter = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    opened(database.handle.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  return {
    /** A user row with a unique email (and a name, 'U <n>'); `values` override any column. */
    async user(values: Partial<t.NewUser> = {}): Promise<t.User> {
      const n = ++counter;
      const [row] = await database!.handle.db
        .insert(t.users)
        .values({
          email: `u${n}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
          firstName: "U",
          lastName: String(n),
          ...values,
        })
        .returning();
      return row;
    },
  };
}
