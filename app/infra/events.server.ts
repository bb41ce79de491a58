import "server-only";

import { createHash } from "node:crypto";
import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";

import type { Executor, Transaction } from "~/infra/db.server";
import { getEventBus } from "~/infra/event-bus.server";
import { log } from "~/infra/logger.server";

/** The live channel's event types (spec §7). */
export type LiveEventType = "notification" | "message" | "job_update" | "booking_update";

export interface LiveEvent {
  type: LiveEventType;
  /** Who receives it: each user gets only their own events. */
  userIds: string[];
  /** Ids only; receivers load what they need. `bookingId` on message and booking events. */
  data: Record<string, string>;
  /** When it was published (ms since the epoch), for the live-event lag metric; never sent to browsers. */
  sentAt?: number;
}

export const EVENTS_CHANNEL = "nearhand_events";
/** NOTIFY payloads are limited to 8000 bytes; recipients beyond this many are dropped. */
export const MAX_EVENT_RECIPIENTS = 150;

/** The events each open transaction (run by inTransaction) has published so far. */
const eventsOfTransaction = new WeakMap<Executor, LiveEvent[]>();

/**
 * Runs `work` in a transaction whose published events leave after it commits,
 * and not at all when it rolls back. They are sent after the commit, not with
 * it: a NOTIFYing commit holds a database-wide lock through its WAL flush,
 * which serialised every writing request (decision 0058). Nested, the events
 * join the enclosing transaction's. `work` must not swallow a failed
 * statement: PostgreSQL then ends the transaction with a rollback that drizzle
 * reports as a commit, and the events would leave (use a nested inTransaction,
 * a savepoint, for a statement allowed to fail).
 */
export async function inTransaction<T>(db: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const enclosing = pendingEventsOf(db);
  const events: LiveEvent[] = [];
  const result = await db.transaction((tx) => {
    eventsOfTransaction.set(tx, events);
    return work(tx);
  });
  if (enclosing) enclosing.push(...events);
  else if (events.length) await sendEvents(db, events);
  return result;
}

/**
 * Publishes an event to every instance (the event bus). Inside a
 * transaction it leaves when, and only if, the transaction commits.
 */
export async function publishEvent(db: Executor, event: LiveEvent): Promise<void> {
  const userIds = [...new Set(event.userIds)].slice(0, MAX_EVENT_RECIPIENTS);
  if (userIds.length === 0) return;
  const pending = pendingEventsOf(db);
  if (pending) pending.push({ ...event, userIds });
  else await sendEvents(db, [{ ...event, userIds }]);
}

/** The events queued on a transaction opened by inTransaction; undefined outside any transaction. */
function pendingEventsOf(db: Executor): LiveEvent[] | undefined {
  const pending = eventsOfTransaction.get(db);
  if (!pending && is(db, PgTransaction)) throw new Error("Events published in a transaction need inTransaction, which sends them after it commits");
  return pending;
}

/**
 * Publishes the events on the event bus (PostgreSQL NOTIFY, or Redis: infra/event-bus.server.ts). A failure is
 * logged, not thrown: the write it follows has committed, and what an event carries is only a hint to reload.
 */
async function sendEvents(db: Executor, events: LiveEvent[]): Promise<void> {
  const sentAt = Date.now();
  try {
    await getEventBus().publish(
      db,
      EVENTS_CHANNEL,
      events.map((event) => JSON.stringify({ ...event, sentAt })),
    );
  } catch (error) {
    log().warn({ err: error, events: events.map((event) => event.type) }, "live events not sent");
  }
}

/** Where a session's end is announced to every instance, which closes its live sockets (decision 0064). */
export const SESSION_ENDS_CHANNEL = "nearhand_session_ends";

export interface SessionEnd {
  userId: string;
  /** The session's tag (sessionTag): its id itself is a bearer secret, and a NOTIFY is seen by every listener. */
  session: string;
}

/** What names a session in live-channel bookkeeping and notifications: a digest of its id. */
export function sessionTag(sid: string): string {
  return createHash("sha256").update(sid).digest("base64url");
}

/**
 * Announces that a session ended (its row is gone): every instance closes the live sockets it opened. A failure is
 * logged, not thrown: the session has ended, and its sockets can no longer reconnect.
 */
export async function publishSessionEnd(db: Executor, end: SessionEnd): Promise<void> {
  try {
    await getEventBus().publish(db, SESSION_ENDS_CHANNEL, [JSON.stringify(end)]);
  } catch (error) {
    log().warn({ err: error, userId: end.userId }, "session end not announced to live sockets");
  }
}

export function parseSessionEnd(payload: string): SessionEnd | null {
  try {
    const end = JSON.parse(payload) as SessionEnd;
    return typeof end?.userId === "string" && typeof end.session === "string" ? end : null;
  } catch {
    return null;
  }
}

export function parseEvent(payload: string): LiveEvent | null {
  try {
    const event = JSON.parse(payload) as LiveEvent;
    if (typeof event?.type !== "string" || !Array.isArray(event.userIds) || typeof event.data !== "object") return null;
    return event;
  } catch {
    return null;
  }
}
