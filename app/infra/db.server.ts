import "server-only";

import path from "node:path";

import { openDatabase, type Database, type DatabaseHandle } from "#db/client.ts";
import { seedCategories, seedDemoIfEmpty } from "#db/seed.ts";
import { getConfig } from "~/infra/config.server";
import { sharedResource } from "~/lib/shared-resource";

export type { Database, Executor, Transaction } from "#db/client.ts";
export { rowsOf } from "#db/client.ts";

const database = sharedResource(openAndPrepare, (handle) => handle.close());

/** The process-wide database: opened, migrated and seeded once. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  return database.get();
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Lets tests run the app's code against a database they opened themselves. */
export function useDatabaseHandle(handle: DatabaseHandle): void {
  database.use(handle);
}

export function closeDatabase(): Promise<void> {
  return database.close();
}

async function openAndPrepare(): Promise<DatabaseHandle> {
  const config = getConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
    poolSize: config.databasePoolSize,
  });
  await handle.migrate();
  await seedCategories(handle.db);
  if (config.seedDemo) await seedDemoIfEmpty(handle.db);
  return handle;
}
