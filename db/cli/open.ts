// The database the command-line scripts work on: DATABASE_URL, or the embedded PGlite database under DATA_DIR,
// migrated and with its categories. `work` runs on it; the database is closed after, whatever happens.
import path from "node:path";

import { openDatabase, type DatabaseHandle } from "../client.ts";
import { seedCategories } from "../seed.ts";

export async function withMigratedDatabase(work: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.join(process.env.DATA_DIR || ".data", "pglite"),
  });
  try {
    await handle.migrate();
    await seedCategories(handle.db);
    await work(handle);
  } finally {
    await handle.close();
  }
}
