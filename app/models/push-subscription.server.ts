import "server-only";

// Each device's Web Push subscription (decision 0077): stored per user, bound to the session it was made in.
import { and, desc, eq, sql } from "drizzle-orm";

import { pushSubscriptions, type PushSubscription } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";
import { DEFAULT_PUSH_CHOICES, PUSH_KINDS } from "~/models/alert-choices.server";

export type { PushSubscription };

export interface NewSubscription {
  userId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/**
 * Stores a device's subscription. The endpoint is the device's: subscribing it again keeps one row, now the caller's
 * and this session's, with the keys the browser sent (a browser signed in as someone else before moves it over). Its
 * kinds stay when it is the same user's again; moved to another user, it starts from the defaults.
 */
export async function saveSubscription(db: Executor, input: NewSubscription): Promise<PushSubscription> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: input.userId,
        sessionId: input.sessionId,
        p256dh: input.p256dh,
        auth: input.auth,
        userAgent: input.userAgent,
        lastFailureAt: null,
        ...Object.fromEntries(
          PUSH_KINDS.map((kind) => {
            const column = pushSubscriptions[kind];
            return [kind, sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${column} else ${DEFAULT_PUSH_CHOICES[kind]} end`];
          }),
        ),
      },
    })
    .returning();
  return row;
}

/** The devices of one session (one browser): "this device" on the profile. */
export function sessionSubscriptions(db: Executor, userId: string, sessionId: string): Promise<PushSubscription[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.sessionId, sessionId), eq(pushSubscriptions.userId, userId)))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** The user's devices, newest first. */
export function listSubscriptions(db: Executor, userId: string): Promise<PushSubscription[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** Removes one of the user's devices; false when it is not theirs (or not there). */
export async function removeSubscription(db: Executor, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Removes the user's device with this endpoint (the browser turning push off for itself); false when none. */
export async function removeSubscriptionByEndpoint(db: Executor, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function subscriptionById(db: Executor, id: string): Promise<PushSubscription | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** The push service said the subscription is gone (404/410): the device no longer receives anything. */
export async function forgetSubscription(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(db: Executor, id: string, at = new Date()): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

export async function markFailed(db: Executor, id: string, at = new Date()): Promise<void> {
  await db.update(pushSubscriptions).set({ lastFailureAt: at }).where(eq(pushSubscriptions.id, id));
}
