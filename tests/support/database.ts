// A fresh, migrated database per test file: in-memory PGlite by default, or a
// throwaway database on the PostgreSQL server named by DATABASE_URL.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";

import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "../../db/client.ts";
import { seedCategories } from "../../db/seed.ts";
import { TEMPLATE_TAR } from "./global-setup.ts";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres:// URL of the throwaway database, when running on PostgreSQL. */
  url?: string;
  dispose(): Promise<void>;
}

export const onPostgres = Boolean(process.env.DATABASE_URL);

/** The local PostgreSQL server every development and CI machine runs. */
const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

/**
 * Creates an empty database on the server named by DATABASE_URL (else the local one,
 * for the production-mode tests, since production refuses the embedded database).
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL || LOCAL_POSTGRES;
  const name = `nh_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function createTestDatabase(options: Pick<DatabaseOptions, "onQuery"> = {}): Promise<TestDatabase> {
  if (!onPostgres) {
    const template = new Blob([readFileSync(TEMPLATE_TAR)]);
    const handle = await openDatabase({ ...options, dataDir: "memory://", pgliteTemplate: template });
    await handle.migrate();
    await seedCategories(handle.db);
    return { handle, dispose: () => handle.close() };
  }
  const database = await createPostgresDatabase();
  const handle = await openDatabase({ ...options, databaseUrl: database.url, poolSize: 5 });
  await handle.migrate();
  await seedCategories(handle.db);
  return {
    handle,
    url: database.url,
    async dispose() {
      await handle.close();
      await database.drop();
    },
  };
}
