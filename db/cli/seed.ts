// `npm run db:seed`: migrates, then adds the demo data if the database has no users yet.
import { seedDemoIfEmpty } from "../seed.ts";
import { withMigratedDatabase } from "./open.ts";

await withMigratedDatabase(async (handle) => {
  const seeded = await seedDemoIfEmpty(handle.db);
  console.log(seeded ? `Demo data added (${handle.kind}).` : "The database already has users; demo data left as it is.");
});
