import "server-only";

// Each device's Web Push subscription (decision 0077): stored per user, bound to the session it was made in.
import { and, desc, eq } from "drizzle-orm";

import { pushSubscriptions, type PushSubscription } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";

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
 * and this session's, with the keys the browser sent (a browser signed in as someone else before moves it over).
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
      },
    })
    .returning();
  return row;
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
