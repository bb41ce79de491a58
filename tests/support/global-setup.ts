// Once per vitest run: a migrated PGlite data directory that every test
// database and test server starts from (a fresh PGlite runs initdb, ~8 s here).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { openDatabase } from "../../db/client.ts";
import { seedCategories } from "../../db/seed.ts";

export const TEMPLATE_DIR = path.resolve(import.meta.dirname, "../../test-results/pglite-template");
export const TEMPLATE_TAR = path.resolve(import.meta.dirname, "../../test-results/pglite-template.tar");

export default async function setup() {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(path.dirname(TEMPLATE_DIR), { recursive: true });
  const handle = await openDatabase({ dataDir: TEMPLATE_DIR });
  await handle.migrate();
  await seedCategories(handle.db);
  const dump = await handle.dump!();
  await handle.close();
  writeFileSync(TEMPLATE_TAR, Buffer.from(await dump.arrayBuffer()));
}
