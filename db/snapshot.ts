// A fingerprint of the whole database: per table, its row count and an md5 of
// its rows. Tests compare two of them to prove that a refused request changed
// nothing. Plain Node imports this file too (tests), so relative imports only.
import { sql } from "drizzle-orm";

import { rowsOf, type Executor } from "./client.ts";

export type DatabaseSnapshot = Record<string, { rows: number; md5: string }>;

/**
 * Rows as the table holds them, except sessions: a refused form flashes its
 * error into the session (post/redirect/get) and every commit renews the
 * expiry, so a session counts by its id and data without the flash keys.
 */
const SESSION_ROWS = `select sid, sess - '__flash_toast__' - '__flash_submission__' as sess from "sessions"`;

/** A push device as its owner made it: the worker stamps its last success and failure in the background (decision 0077). */
const PUSH_DEVICE_ROWS = `select id, user_id, endpoint, p256dh, auth, user_agent, session_id, created_at from "push_subscriptions"`;

/**
 * Rate-limit counters count every request, refused or not (decision 0021), and the mail and push workers record
 * what they sent in the background (decisions 0050, 0077), whatever request is being made meanwhile: bookkeeping,
 * not data.
 */
const UNCOMPARED_TABLES = new Set(["rate_limits", "email_deliveries", "push_deliveries"]);

export async function snapshotDatabase(db: Executor): Promise<DatabaseSnapshot> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !UNCOMPARED_TABLES.has(name));
  if (tables.length === 0) return {};
  const parts = tables.map((name) => {
    const source =
      name === "sessions" ? `(${SESSION_ROWS})` : name === "push_subscriptions" ? `(${PUSH_DEVICE_ROWS})` : `"${name.replaceAll('"', '""')}"`;
    return `select '${name.replaceAll("'", "''")}' as name, count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${source} t`;
  });
  const rows = rowsOf<{ name: string; rows: number; md5: string }>(await db.execute(sql.raw(parts.join(" union all "))));
  return Object.fromEntries(rows.map((row) => [row.name, { rows: Number(row.rows), md5: row.md5 }]));
}
