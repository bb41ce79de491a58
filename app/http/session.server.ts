import "server-only";

import { randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { createCookie, createSession, createSessionStorage, type Session, type SessionStorage } from "react-router";

import { sessions, userColumns, users, type User } from "#db/schema.ts";
import { readSignedCookie } from "~/http/signed-cookie.server";
import { builtOnce } from "~/infra/built-once.server";
import { getConfig } from "~/infra/config.server";
import { getDb } from "~/infra/db.server";
import { publishSessionEnd, sessionTag } from "~/infra/events.server";
import { isSuspended } from "~/lib/trust-safety";

export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export interface SessionData {
  userId: string;
  returnTo: string;
}

export interface SessionFlashData {
  toast: Toast;
  /** A rejected form's conform result, carried across the redirect back to the form. */
  submission: FlashedSubmission;
}

export interface FlashedSubmission {
  formId: string;
  result: unknown;
}

export type AppSession = Session<SessionData, SessionFlashData>;

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_COOKIE_NAME = "nearhand_session";

let storage: SessionStorage<SessionData, SessionFlashData> | undefined;

/** Sessions live in the `sessions` table so every instance sees the same ones. */
export function getSessionStorage(): SessionStorage<SessionData, SessionFlashData> {
  if (storage) return storage;
  const config = getConfig();
  const cookie = createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.production || config.appUrl.protocol === "https:",
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
    secrets: [config.sessionSecret],
  });
  const expiry = (expires?: Date) => expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  storage = createSessionStorage<SessionData, SessionFlashData>({
    cookie,
    async createData(data, expires) {
      const db = await getDb();
      const sid = randomBytes(24).toString("base64url");
      await db.insert(sessions).values({ sid, sess: data, expire: expiry(expires) });
      return sid;
    },
    async readData(sid) {
      const db = await getDb();
      const [row] = await db.select().from(sessions).where(eq(sessions.sid, sid)).limit(1);
      if (!row) return null;
      if (row.expire.getTime() <= Date.now()) {
        await db.delete(sessions).where(eq(sessions.sid, sid));
        return null;
      }
      return row.sess as Partial<SessionData>;
    },
    async updateData(sid, data, expires) {
      const db = await getDb();
      await db
        .insert(sessions)
        .values({ sid, sess: data, expire: expiry(expires) })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess: data, expire: expiry(expires) } });
    },
    // Sign-out, and the session a sign-in replaces: the live sockets it opened close on every instance.
    async deleteData(sid) {
      const db = await getDb();
      const [ended] = await db.delete(sessions).where(eq(sessions.sid, sid)).returning({ sess: sessions.sess });
      const userId = (ended?.sess as Partial<SessionData> | undefined)?.userId;
      if (typeof userId === "string") await publishSessionEnd(db, { userId, session: sessionTag(sid) });
    },
  });
  return storage;
}

/** The session row and its user, built once (every request runs it). */
const sessionWithUserQuery = builtOnce((db) => {
  const userId = sql`(${sessions.sess} ->> 'userId')`;
  return (
    db
      .select({ sess: sessions.sess, expire: sessions.expire, user: userColumns })
      .from(sessions)
      // Only a well-formed id is cast: a session row is never a reason for a 500.
      .leftJoin(users, sql`${users.id} = case when ${userId} ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then ${userId}::uuid end`)
      .where(eq(sessions.sid, sql.placeholder("sid")))
      .limit(1)
      .prepare("session_with_user")
  );
});

/**
 * What `getSessionStorage().getSession(cookieHeader)` returns, together with the
 * signed-in user, in one query: every request needs both, and a second round
 * trip per request is a large share of a small page's time.
 */
export async function readSessionWithUser(cookieHeader: string | null): Promise<{ session: AppSession; user: User | null }> {
  const sid = readSignedCookie(cookieHeader, SESSION_COOKIE_NAME, [getConfig().sessionSecret]);
  if (typeof sid !== "string" || !sid) return { session: createSession<SessionData, SessionFlashData>(), user: null };
  const db = await getDb();
  const [row] = await sessionWithUserQuery(db).execute({ sid });
  if (row && row.expire.getTime() <= Date.now()) await db.delete(sessions).where(eq(sessions.sid, sid));
  const data = row && row.expire.getTime() > Date.now() ? (row.sess as Partial<SessionData>) : {};
  return {
    session: createSession<SessionData, SessionFlashData>(data as SessionData, sid),
    // A suspended user reads nothing private (issue 34): their sessions were ended; one that slipped through is no one's.
    user: data === row?.sess && row.user && !isSuspended(row.user) ? row.user : null,
  };
}

/** Deletes expired session rows; returns how many went. */
export async function purgeExpiredSessions(now = new Date()): Promise<number> {
  const db = await getDb();
  const removed = await db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
  return removed.length;
}
