import "server-only";

// Which notification becomes an alert, to whom, and how often (decisions 0050, 0077): every rule lives here, for
// both channels. An email goes to the user; a push goes to each of their devices, each with its own job, retries
// and delivery rows, so "once" and throttling hold per device.
import { createHash } from "node:crypto";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { JobInsert } from "pg-boss";

import { QUEUES } from "#db/queue.ts";
import { bookings, emailDeliveries, jobs, notifications, pushDeliveries, users, type Notification } from "#db/schema.ts";
import { getConfig } from "~/infra/config.server";
import type { Executor } from "~/infra/db.server";
import { enqueue } from "~/infra/queue.server";
import { isOnlineProvider } from "~/lib/statuses";
import { getEmailChoices, isPushKind, wantsAlert, type EmailKind, type Recipient } from "~/models/alert-choices.server";
import { unreadOfType } from "~/models/unread-notifications.server";

export {
  DEFAULT_EMAIL_CHOICES,
  EMAIL_KINDS,
  getEmailChoices,
  setEmailChoices,
  type EmailChoices,
  type EmailKind,
} from "~/models/alert-choices.server";

export type { Recipient };
const EMAIL: Recipient = { channel: "email" };

/** A message is emailed only when its receiver has not read it this long after it was sent. */
export const MESSAGE_ALERT_DELAY_SECONDS = 5 * 60;
/** At most one message email per conversation in this long. */
export const MESSAGE_ALERT_INTERVAL_SECONDS = 30 * 60;
/**
 * At most one email about one job's bookings per person in this long (decision 0062), the later moves of the booking
 * last told of apart: a job accepted and cancelled over and over by different bookings is one email per half hour.
 */
export const BOOKING_ALERT_INTERVAL_SECONDS = 30 * 60;
/** The notifications about a booking (their relatedId is the booking's id). */
const BOOKING_NOTIFICATION_TYPES = ["booking_request", "booking_accepted", "booking_cancelled"] as const satisfies readonly Notification["type"][];
/** A provider's digest of jobs that are not urgent comes this long after the first of them: at most this often. */
export const JOB_DIGEST_INTERVAL_SECONDS = 30 * 60;
/** The most jobs one digest lists (the newest). */
export const JOB_DIGEST_LIMIT = 20;

/** The kind a notification's alert belongs to; null when it is never an alert. */
export function kindOf(type: Notification["type"]): EmailKind | null {
  switch (type) {
    case "job_posted":
      return "urgentJobs";
    case "booking_request":
    case "booking_accepted":
    case "booking_cancelled":
      return "bookings";
    case "message":
      return "messages";
    case "review":
      return "reviews";
    default:
      return null;
  }
}

/** A notification just inserted, with its owner's devices (the ids of their push subscriptions) at that moment. */
export type CreatedNotification = Pick<Notification, "id" | "type" | "userId" | "relatedId"> & { devices: string[] };

/**
 * Queues the email of each new notification inside the transaction that created it (the outbox): the job's id
 * is the notification's, so each is one job. Whether it is sent is decided when it is due (alertToSend), so a
 * choice turned off, a provider gone offline or a message read in the meantime stops it.
 */
export async function enqueueAlerts(tx: Executor, created: CreatedNotification[]): Promise<void> {
  const urgent = await urgentJobIds(tx, created);
  const retries = jobOptions();
  const now: JobInsert[] = [];
  const messages = new Map<string, JobInsert>();
  const digests = new Map<string, JobInsert>();
  for (const notification of created) {
    const kind = kindOf(notification.type);
    if (!kind) continue;
    const job = { id: notification.id, data: { notificationId: notification.id }, ...retries };
    if (kind === "urgentJobs" && !urgent.has(notification.relatedId ?? "")) {
      // A job that is not urgent waits for the provider's digest: one waiting per provider, due 30 minutes on.
      const singletonKey = `digest:${notification.userId}`;
      digests.set(singletonKey, { data: { userId: notification.userId }, ...retries, startAfter: JOB_DIGEST_INTERVAL_SECONDS, singletonKey });
    } else if (kind === "messages") {
      const singletonKey = messageJobKey(notification.relatedId, notification.userId);
      if (!messages.has(singletonKey)) messages.set(singletonKey, { ...job, startAfter: MESSAGE_ALERT_DELAY_SECONDS, singletonKey });
    } else {
      now.push(job);
    }
  }
  await enqueue(tx, QUEUES.alertEmail, now);
  await enqueue(tx, QUEUES.messageAlert, [...messages.values()]);
  await enqueue(tx, QUEUES.jobDigest, [...digests.values()]);
  await enqueuePushAlerts(tx, created, urgent);
}

/**
 * The push side of the outbox: one job per notification and device of its user, in the same transaction. A job
 * that is not urgent is told of in the email digest only; a message waits like its email, one job per
 * conversation and device.
 */
async function enqueuePushAlerts(tx: Executor, created: CreatedNotification[], urgent: Set<string>) {
  const pushed = created.filter((notification) => {
    const kind = kindOf(notification.type);
    return (
      kind !== null && isPushKind(kind) && (kind !== "urgentJobs" || urgent.has(notification.relatedId ?? "")) && notification.devices.length > 0
    );
  });
  if (pushed.length === 0) return;
  const retries = jobOptions();
  const now: JobInsert[] = [];
  const later = new Map<string, JobInsert>();
  for (const notification of pushed) {
    for (const device of notification.devices) {
      const data = { notificationId: notification.id, subscriptionId: device };
      if (notification.type === "message") {
        const singletonKey = pushJobKey(messageJobKey(notification.relatedId, notification.userId), device);
        if (!later.has(singletonKey)) later.set(singletonKey, { data, ...retries, startAfter: MESSAGE_ALERT_DELAY_SECONDS, singletonKey });
      } else {
        now.push({ id: pushJobId(notification.id, device), data, ...retries });
      }
    }
  }
  await enqueue(tx, QUEUES.alertPush, now);
  await enqueue(tx, QUEUES.pushLater, [...later.values()]);
}

/** A push job's id, fixed by its notification and device: queued twice, it is one job. */
function pushJobId(notificationId: string, subscriptionId: string): string {
  const hex = createHash("sha256").update(`${notificationId}:${subscriptionId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A device's waiting push of a conversation or a job's bookings. */
function pushJobKey(emailKey: string, subscriptionId: string): string {
  return `push:${emailKey}:${subscriptionId}`;
}

/** Retries with backoff; the job's worker beats while it sends, and one that stops (a crash) loses the job to another. */
function jobOptions(): Pick<JobInsert, "retryDelay" | "heartbeatSeconds"> {
  const config = getConfig();
  return { retryDelay: config.mailRetrySeconds, heartbeatSeconds: config.mailWorkerLostSeconds };
}

/** One message email waits per conversation and receiver (the queue's policy "short"). */
function messageJobKey(conversationId: string | null, userId: string): string {
  return `messages:${conversationId}:${userId}`;
}

/** One booking email waits per job and person (the same queue and policy). */
function bookingJobKey(jobId: string, userId: string): string {
  return `bookings:${jobId}:${userId}`;
}

async function urgentJobIds(db: Executor, created: Pick<Notification, "type" | "relatedId">[]): Promise<Set<string>> {
  const jobIds = [...new Set(created.filter((n) => n.type === "job_posted" && n.relatedId).map((n) => n.relatedId!))];
  if (jobIds.length === 0) return new Set();
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.id, jobIds), eq(jobs.isUrgent, true)));
  return new Set(rows.map((row) => row.id));
}

export interface AlertToSend {
  notification: Notification;
  kind: EmailKind;
  /** The user's email address (a push goes to the device its job names). */
  to: string;
  /** What throttling counts it under: the conversation for messages, else the notification itself. */
  scope: string;
}

/** A conversation's message email, or a job's booking email, that is not due yet: it is queued again for `later`. */
export type AlertLater =
  | { later: Date; notificationId: string; userId: string; conversationId: string }
  | { later: Date; notificationId: string; userId: string; jobId: string };

/**
 * The alert a due notification becomes on the recipient's channel, null when none is to be sent (the reason is in
 * each rule), or, for a message or a held-back booking update, when it becomes due.
 */
export async function alertToSend(db: Executor, notificationId: string, recipient: Recipient = EMAIL): Promise<AlertToSend | AlertLater | null> {
  const [row] = await db
    .select({
      notification: notifications,
      email: users.email,
      role: users.currentRole,
      isOnline: users.isProviderOnline,
      jobUrgent: jobs.isUrgent,
      jobStatus: jobs.status,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(jobs, and(eq(notifications.type, "job_posted"), eq(jobs.id, notifications.relatedId)))
    .where(eq(notifications.id, notificationId));
  if (!row) return null;
  const { notification } = row;
  const kind = kindOf(notification.type);
  if (!kind) return null;
  // A device moved to another user (or removed) since the job was queued wants nothing of this one's.
  if (!(await wantsAlert(db, notification.userId, kind, recipient))) return null;
  if (kind === "messages") return messageAlert(db, notification, row.email, recipient);
  if (await alreadySent(db, notification.id, recipient)) return null;
  if (kind === "bookings") return bookingAlert(db, notification, row.email, recipient);
  const alert = { notification, kind, to: row.email, scope: notification.id };
  // Only an urgent job still open, to a provider still online: switching role or going offline stops it.
  if (
    kind === "urgentJobs" &&
    (!row.jobUrgent || row.jobStatus !== "posted" || !isOnlineProvider({ currentRole: row.role, isProviderOnline: row.isOnline }))
  )
    return null;
  return alert;
}

/** The newest alert of `scope` sent to the user's email or to the one device (a conversation's, the digest's), if any. */
async function lastDelivery(
  db: Executor,
  userId: string,
  scope: string,
  recipient: Recipient = EMAIL,
): Promise<{ sentAt: Date; key: string } | undefined> {
  if (recipient.channel === "push") {
    const [last] = await db
      .select({ sentAt: pushDeliveries.sentAt, key: pushDeliveries.key })
      .from(pushDeliveries)
      .where(and(eq(pushDeliveries.subscriptionId, recipient.subscriptionId), eq(pushDeliveries.scope, scope)))
      .orderBy(desc(pushDeliveries.sentAt))
      .limit(1);
    return last;
  }
  const [last] = await db
    .select({ sentAt: emailDeliveries.sentAt, key: emailDeliveries.key })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.scope, scope)))
    .orderBy(desc(emailDeliveries.sentAt))
    .limit(1);
  return last;
}

/**
 * A conversation's message email, decided for the conversation rather than for the message that queued it: about
 * the oldest message its receiver has not read and no email has told of yet, once that message is 5 minutes old
 * and the conversation's last email 30 minutes old. Earlier than that it comes back for later, so a message that
 * arrives in the quiet time is told of when the quiet time ends, while it is still unread.
 */
async function messageAlert(db: Executor, notification: Notification, to: string, recipient: Recipient): Promise<AlertToSend | AlertLater | null> {
  const { userId, relatedId: conversationId } = notification;
  const scope = `messages:${conversationId}`;
  const last = await lastDelivery(db, userId, scope, recipient);
  const [oldest] = await db
    .select()
    .from(notifications)
    .where(
      unreadOfType(
        userId,
        "message",
        conversationId ? eq(notifications.relatedId, conversationId) : sql`false`,
        last ? gt(notifications.createdAt, last.sentAt) : undefined,
      ),
    )
    .orderBy(notifications.createdAt, notifications.id)
    .limit(1);
  if (!oldest) return null;
  const dueAt = Math.max(
    oldest.createdAt.getTime() + MESSAGE_ALERT_DELAY_SECONDS * 1000,
    last ? last.sentAt.getTime() + MESSAGE_ALERT_INTERVAL_SECONDS * 1000 : 0,
  );
  if (dueAt > Date.now()) return { later: new Date(dueAt), notificationId: oldest.id, userId, conversationId: conversationId ?? "" };
  return { notification: oldest, kind: "messages", to, scope };
}

/**
 * A booking's email, throttled per job and person (decision 0062): at once when no email told them of this job's
 * bookings in the last 30 minutes, or when the last one was about this same booking (its start, completion or
 * cancellation follows at once); otherwise it waits for the quiet time to end, and then tells of the newest update
 * of the job's bookings since the last email. What arrives meanwhile waits in the one queued job of the job and person.
 */
async function bookingAlert(db: Executor, notification: Notification, to: string, recipient: Recipient): Promise<AlertToSend | AlertLater | null> {
  const { userId, relatedId: bookingId } = notification;
  const [booking] = bookingId ? await db.select({ jobId: bookings.jobId }).from(bookings).where(eq(bookings.id, bookingId)) : [];
  if (!booking) return { notification, kind: "bookings", to, scope: notification.id };
  const scope = `bookings:${booking.jobId}`;
  const lastSent = await lastDelivery(db, userId, scope, recipient);
  const [told] = lastSent
    ? await db
        .select({ bookingId: notifications.relatedId })
        .from(notifications)
        .where(sql`${notifications.id}::text = ${lastSent.key}`)
    : [];
  const last = lastSent && { sentAt: lastSent.sentAt, bookingId: told?.bookingId ?? null };
  if (last && last.bookingId === bookingId) return { notification, kind: "bookings", to, scope };
  const dueAt = last ? last.sentAt.getTime() + BOOKING_ALERT_INTERVAL_SECONDS * 1000 : 0;
  if (dueAt > Date.now()) return { later: new Date(dueAt), notificationId: notification.id, userId, jobId: booking.jobId };
  const [newest] = await db
    .select({ notification: notifications })
    .from(notifications)
    .innerJoin(bookings, eq(bookings.id, notifications.relatedId))
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.type, [...BOOKING_NOTIFICATION_TYPES]),
        eq(bookings.jobId, booking.jobId),
        last ? gt(notifications.createdAt, last.sentAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return { notification: newest?.notification ?? notification, kind: "bookings", to, scope };
}

/**
 * Queues a message or booking alert again for when it is due (one waiting per conversation or job and person, or
 * device).
 */
export async function queueAlertLater(db: Executor, alert: AlertLater, recipient: Recipient = EMAIL): Promise<void> {
  const singletonKey = "conversationId" in alert ? messageJobKey(alert.conversationId, alert.userId) : bookingJobKey(alert.jobId, alert.userId);
  const later = { ...jobOptions(), startAfter: alert.later };
  if (recipient.channel === "push") {
    await enqueue(db, QUEUES.pushLater, [
      {
        data: { notificationId: alert.notificationId, subscriptionId: recipient.subscriptionId },
        ...later,
        singletonKey: pushJobKey(singletonKey, recipient.subscriptionId),
      },
    ]);
    return;
  }
  await enqueue(db, QUEUES.messageAlert, [{ data: { notificationId: alert.notificationId }, ...later, singletonKey }]);
}

/**
 * A device's push again at `at`, when its push service asked to be tried then (Retry-After): in the waiting queue,
 * one per notification and device, deciding afresh when due.
 */
export async function queuePushRetry(db: Executor, job: { notificationId: string; subscriptionId: string }, at: Date): Promise<void> {
  await enqueue(db, QUEUES.pushLater, [
    { data: job, ...jobOptions(), startAfter: at, singletonKey: `push:retry:${job.notificationId}:${job.subscriptionId}` },
  ]);
}

async function alreadySent(db: Executor, key: string, recipient: Recipient): Promise<boolean> {
  const [row] =
    recipient.channel === "push"
      ? await db
          .select({ key: pushDeliveries.key })
          .from(pushDeliveries)
          .where(and(eq(pushDeliveries.key, key), eq(pushDeliveries.subscriptionId, recipient.subscriptionId)))
      : await db.select({ key: emailDeliveries.key }).from(emailDeliveries).where(eq(emailDeliveries.key, key));
  return Boolean(row);
}

/** Records that the mail server (or the device's push service) took the alert: a retry of the same job then sends nothing. */
export async function recordDelivery(db: Executor, alert: AlertToSend, recipient: Recipient = EMAIL): Promise<void> {
  if (recipient.channel === "push") {
    await db
      .insert(pushDeliveries)
      .values({ key: alert.notification.id, subscriptionId: recipient.subscriptionId, scope: alert.scope })
      .onConflictDoNothing();
    return;
  }
  await db
    .insert(emailDeliveries)
    .values({ key: alert.notification.id, userId: alert.notification.userId, scope: alert.scope })
    .onConflictDoNothing();
}

export interface DigestToSend {
  userId: string;
  to: string;
  /** The job notifications it lists, oldest first: their in-app words and the job each is about. */
  items: Pick<Notification, "id" | "title" | "message" | "relatedId" | "createdAt">[];
  /** Its delivery key: the user and the newest notification it lists. */
  key: string;
}

const DIGEST_SCOPE = "job_digest";

/**
 * A provider's digest when it is due: the jobs that are not urgent they were told about since their last digest,
 * still open and still unread, while the choice is on and they are an online provider. Null when there is none.
 */
export async function digestToSend(db: Executor, userId: string): Promise<DigestToSend | null> {
  const [row] = await db
    .select({ email: users.email, role: users.currentRole, isOnline: users.isProviderOnline })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const choices = await getEmailChoices(db, userId);
  if (!choices.jobDigest || !isOnlineProvider({ currentRole: row.role, isProviderOnline: row.isOnline })) return null;
  const last = await lastDelivery(db, userId, DIGEST_SCOPE);
  const newest = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      relatedId: notifications.relatedId,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(jobs, eq(jobs.id, notifications.relatedId))
    .where(
      unreadOfType(
        userId,
        "job_posted",
        eq(jobs.isUrgent, false),
        eq(jobs.status, "posted"),
        last ? gt(notifications.createdAt, last.sentAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(JOB_DIGEST_LIMIT);
  if (newest.length === 0) return null;
  return { userId, to: row.email, items: [...newest].reverse(), key: `digest:${userId}:${newest[0].id}` };
}

/** Records a sent digest: the next one lists only what came after it. */
export async function recordDigest(db: Executor, digest: DigestToSend): Promise<void> {
  await db.insert(emailDeliveries).values({ key: digest.key, userId: digest.userId, scope: DIGEST_SCOPE }).onConflictDoNothing();
}
