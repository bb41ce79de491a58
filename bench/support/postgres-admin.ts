// Raw database access the benchmark needs beside drizzle: creating databases,
// COPY, EXPLAIN, session rows.
import postgres from "postgres";

import { databaseName } from "./scale.ts";

export type Sql = postgres.Sql;

export function connect(url: string, max = 1): Sql {
  return postgres(url, { max, onnotice: () => {}, connect_timeout: 5 });
}

function adminUrl(url: string): string {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return admin.href;
}

/** Drops (if present) and creates the database of `url`. */
export async function recreateDatabase(url: string): Promise<void> {
  const admin = connect(adminUrl(url));
  try {
    const name = databaseName(url);
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

export async function databaseExists(url: string): Promise<boolean> {
  const admin = connect(adminUrl(url));
  try {
    const rows = await admin`select 1 from pg_database where datname = ${databaseName(url)}`;
    return rows.length > 0;
  } catch {
    return false;
  } finally {
    await admin.end();
  }
}
