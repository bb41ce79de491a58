// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded PGlite database.
import { withMigratedDatabase } from "./open.ts";

await withMigratedDatabase(async (handle) => {
  console.log(`Migrations applied (${handle.kind}).`);
});
