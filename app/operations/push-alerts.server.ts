import "server-only";

// Alert push messages: the worker's side (decision 0077). A queued notification for one device is checked against
// the same rules as its email (models/email-alert, on the push channel), turned into the service worker's payload
// and handed to the device's push service. 404/410 removes the device; 429/5xx throws, so the queue retries it with
// backoff (or, when the service said when with Retry-After, it is queued again for then); a 2xx is recorded, so a
// retry sends nothing twice.
import type { Job } from "pg-boss";

import type { Notification } from "#db/schema.ts";
import { getDb, type Executor } from "~/infra/db.server";
import { log } from "~/infra/logger.server";
import { PushServiceUnavailable, pushTopic, sendPush, type PushDelivery } from "~/infra/push.server";
import type { PushKind } from "~/models/alert-choices.server";
import { alertToSend, queueAlertLater, queuePushRetry, recordDelivery, type Recipient } from "~/models/email-alert.server";
import { forgetSubscription, markDelivered, markFailed, subscriptionById } from "~/models/push-subscription.server";
import { alertPath } from "~/operations/alert-path.server";

/**
 * How long a push service keeps each kind for a device that is offline, and how urgently it delivers it. An urgent
 * job is high and short-lived: one taken ten minutes ago is no news.
 */
export const PUSH_DELIVERY: Record<PushKind, Omit<PushDelivery, "topic">> = {
  urgentJobs: { ttlSeconds: 10 * 60, urgency: "high" },
  messages: { ttlSeconds: 24 * 60 * 60, urgency: "high" },
  bookings: { ttlSeconds: 24 * 60 * 60, urgency: "normal" },
  reviews: { ttlSeconds: 3 * 24 * 60 * 60, urgency: "low" },
};

/** What the service worker shows (the contract with it): a repeat of the same tag replaces the earlier one. */
export interface PushPayload {
  title: string;
  body: string;
  /** A same-origin path. */
  url: string;
  tag: string;
}

/** One notification per job, conversation or booking on the screen: the later replaces the earlier. */
export function pushTag(notification: Pick<Notification, "type" | "relatedId">): string {
  switch (notification.type) {
    case "job_posted":
      return `job:${notification.relatedId}`;
    case "message":
      return `conversation:${notification.relatedId}`;
    case "review":
      return `review:${notification.relatedId}`;
    default:
      return `booking:${notification.relatedId}`;
  }
}

export function pushPayload(notification: Notification): PushPayload {
  return { title: notification.title, body: notification.message, url: alertPath(notification), tag: pushTag(notification) };
}

export interface PushJob {
  notificationId: string;
  subscriptionId: string;
}

export async function deliverPushAlert(job: Job<PushJob>): Promise<void> {
  await deliverPushAlertIn(await getDb(), job.data);
}

/** The same on a given database: the job's notification for its device, if the rules say so now. */
export async function deliverPushAlertIn(db: Executor, { notificationId, subscriptionId }: PushJob): Promise<void> {
  const recipient: Recipient = { channel: "push", subscriptionId };
  const alert = await alertToSend(db, notificationId, recipient);
  if (!alert) return;
  if ("later" in alert) return queueAlertLater(db, alert, recipient);
  const delivery = PUSH_DELIVERY[alert.kind as PushKind];
  // A retry past the message's TTL sends nothing: the push service would have dropped it by now too.
  if (Date.now() - alert.notification.createdAt.getTime() > delivery.ttlSeconds * 1000) return;
  const device = await subscriptionById(db, recipient.subscriptionId);
  if (!device) return;
  const payload = pushPayload(alert.notification);
  const context = { notificationId: alert.notification.id, kind: alert.kind, subscriptionId: device.id };
  let outcome;
  try {
    outcome = await sendPush(device, JSON.stringify(payload), { ...delivery, topic: pushTopic(payload.tag) });
  } catch (error) {
    await markFailed(db, device.id);
    // A service that said when to come back (429/503 with Retry-After) is tried then, if the message is news then.
    const expires = alert.notification.createdAt.getTime() + delivery.ttlSeconds * 1000;
    if (error instanceof PushServiceUnavailable && error.retryAt && error.retryAt.getTime() < expires) {
      await queuePushRetry(db, { notificationId, subscriptionId }, error.retryAt);
      log().info({ ...context, retryAt: error.retryAt }, "push service asked to retry later");
      return;
    }
    throw error;
  }
  if (outcome.status === "gone") {
    await forgetSubscription(db, device.id);
    log().info({ ...context, status: outcome.code }, "push subscription gone: device removed");
    return;
  }
  if (outcome.status === "refused") {
    await markFailed(db, device.id);
    log().warn({ ...context, status: outcome.code }, "push message refused by the push service");
    return;
  }
  await recordDelivery(db, alert, recipient);
  await markDelivered(db, device.id);
  log().info(context, "alert push sent");
}
