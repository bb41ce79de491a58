// Signed-in sessions without the sign-in flow: rows in the sessions table (the
// format app/http/session.server.ts writes) and the cookie the app would
// set for them, signed with the server's SESSION_SECRET.
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";

import type { Sql } from "./postgres-admin.ts";

export const BENCH_SESSION_SECRET = "nearhand-benchmark-session-secret";
/** bench-data.ts removes the rows with this prefix. */
const SID_PREFIX = "bench-";
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
