// Signed-in sessions without the sign-in flow: rows in the sessions table (the
// format app/http/session.server.ts writes) and the cookie the app would
// set for them, signed with the server's SESSION_SECRET.
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";

import type { Sql } from "./postgres-admin.ts";

export const BENCH_SESSION_SECRET = "nearhand-benchmark-session-secret";
/**
 * This run's sessions start with this, and bench-data.ts removes only those: runs on one database at the same time
 * (several checkouts, several parts) no longer sign each other out. It does not start with "bench-", which runs
 * before this one removed wholesale. One a run leaves behind (it crashed) expires in a day, and the app prunes it.
 */
export const SID_PREFIX = `bench:${process.pid}:${randomBytes(6).toString("hex")}:`;
const cookie = createCookie("nearhand_session", { secrets: [BENCH_SESSION_SECRET], path: "/" });

export interface BenchSession {
  userId: string;
  /** "nearhand_session=…", ready for a Cookie header. */
  cookie: string;
  /** The cookie's value alone (for a browser context). */
  value: string;
}

/** Inserts one session per user id (a user may appear several times) and returns their cookies. */
export async function createSessions(sql: Sql, userIds: string[]): Promise<BenchSession[]> {
  const expire = new Date(Date.now() + 24 * 3600 * 1000);
  const rows = userIds.map((userId) => ({ sid: SID_PREFIX + randomBytes(18).toString("base64url"), sess: { userId }, expire }));
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    await sql`insert into sessions ${sql(batch.map((r) => ({ sid: r.sid, sess: sql.json(r.sess), expire: r.expire })))}`;
  }
  return Promise.all(
    rows.map(async (r) => {
      const header = (await cookie.serialize(r.sid)).split(";")[0];
      return { userId: r.sess.userId, cookie: header, value: header.slice(header.indexOf("=") + 1) };
    }),
  );
}
