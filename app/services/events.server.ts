import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "./db.server";

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

/**
 * Publishes an event through PostgreSQL NOTIFY inside the caller's
 * transaction: every instance (LISTENing) receives it when, and only if,
 * the transaction commits.
 */
export async function publishEvent(db: Executor, event: LiveEvent): Promise<void> {
  const userIds = [...new Set(event.userIds)].slice(0, MAX_EVENT_RECIPIENTS);
  if (userIds.length === 0) return;
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ ...event, userIds, sentAt: Date.now() })})`);
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
