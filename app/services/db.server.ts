import "server-only";
import path from "node:path";
import { openDatabase, type Database, type DatabaseHandle } from "../../db/client.ts";
import { seedCategories, seedDemoIfEmpty } from "../../db/seed.ts";
import { getConfig } from "./config.server";

export type { Database, Executor, Transaction } from "../../db/client.ts";

let opening: Promise<DatabaseHandle> | undefined;

/** The process-wide database: opened, migrated and seeded once. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  opening ??= openAndPrepare().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Lets tests run the app's code against a database they opened themselves. */
export function useDatabaseHandle(handle: DatabaseHandle): void {
  opening = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const current = opening;
  opening = undefined;
  if (current) await (await current).close();
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
