// `npm run db:seed`: migrates, then adds the demo data if the database has no users yet.
import path from "node:path";
import { openDatabase } from "../client.ts";
import { seedCategories, seedDemoIfEmpty } from "../seed.ts";

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.join(process.env.DATA_DIR || ".data", "pglite"),
});
try {
  await handle.migrate();
  await seedCategories(handle.db);
  const seeded = await seedDemoIfEmpty(handle.db);
  console.log(seeded ? `Demo data added (${handle.kind}).` : "The database already has users; demo data left as it is.");
} finally {
  await handle.close();
}
