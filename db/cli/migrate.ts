// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded PGlite database.
import path from "node:path";
import { openDatabase } from "../client.ts";
import { seedCategories } from "../seed.ts";

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.join(process.env.DATA_DIR || ".data", "pglite"),
});
try {
  await handle.migrate();
  await seedCategories(handle.db);
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
