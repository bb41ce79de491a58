// The alert rules (models/email-alert): what is queued with each notification, and what a due job becomes.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  alertToSend,
  BOOKING_ALERT_INTERVAL_SECONDS,
  digestToSend,
  JOB_DIGEST_INTERVAL_SECONDS,
  MESSAGE_ALERT_DELAY_SECONDS,
  MESSAGE_ALERT_INTERVAL_SECONDS,
  queueAlertLater,
  recordDelivery,
  recordDigest,
  setEmailChoices,
  type AlertLater,
  type AlertToSend,
} from "~/models/email-alert.server";
import { acceptJobIn as acceptJob, moveBookingIn as transitionBooking } from "~/operations/bookings.server";
import { postJobIn as createJob } from "~/operations/jobs.server";
import { openThread, sendMessageIn as sendMessage } from "~/operations/messages.server";

import type { Database } from "../../db/client.ts";
import { QUEUE_SCHEMA, QUEUES } from "../../db/queue.ts";
import * as t from "../../db/schema.ts";
import { modelTestDatabase } from "../support/model-database.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

async function notificationsOf(userId: string, type: t.Notification["type"]) {
  return db
    .select()
    .from(t.notifications)
    .where(and(eq(t.notifications.userId, userId), eq(t.notifications.type, type)));
}

interface QueuedJob {
  id: string;
  data: { notificationId: string };
  start_after: Date;
  singleton_key: string | null;
}

/** The queue's jobs a statement selects (PGlite answers { rows }, postgres.js the rows themselves). */
async function jobsWhere(condition: SQL): Promise<QueuedJob[]> {
  const result = await db.execute(sql`select id, data, start_after, singleton_key from ${sql.identifier(QUEUE_SCHEMA)}.job where ${condition}`);
  return ((result as { rows?: QueuedJob[] }).rows ?? (result as unknown as QueuedJob[])) as QueuedJob[];
}

const queued = (notificationIds: string[]) =>
  jobsWhere(sql`name in (${QUEUES.alertEmail}, ${QUEUES.messageAlert}) and id = any(${sql.param(notificationIds)}::uuid[])`);

const queuedFor = (singletonKey: string) => jobsWhere(sql`name = ${QUEUES.messageAlert} and singleton_key = ${singletonKey} and state = 'created'`);

/** The alert a notification in the quiet time after an email sent at `sentAt` becomes: one to send when that time ends. */
async function toldWhenQuietEnds(
  notificationId: string,
  sentAt: Date,
  quietSeconds: number,
  about: { userId: string; conversationId: string } | { userId: string; jobId: string },
): Promise<AlertLater> {
  const later = (await alertToSend(db, notificationId)) as AlertLater;
  expect(later).toEqual({ later: new Date(sentAt.getTime() + quietSeconds * 1000), notificationId, ...about });
  return later;
}

describe("the outbox", () => {
  it("queues one email job per notification, under the notification's id, in the transaction that made it", async () => {
    const seeker = await user();
    const near = await provider();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Fix it now", description: "d", isUrgent: true });
    const booking = await acceptJob(db, near, { jobId: job.id });
    const [posted] = await notificationsOf(near.id, "job_posted");
    const [accepted] = await notificationsOf(seeker.id, "booking_accepted");
    const jobs = await queued([posted.id, accepted.id]);
    expect(jobs.map((j) => j.id).sort()).toEqual([posted.id, accepted.id].sort());
    expect(jobs.every((j) => j.data.notificationId === j.id)).toBe(true);
    expect(booking.status).toBe("accepted");
  });

  it("holds a message's email back 5 minutes, one job per conversation and receiver while one waits", async () => {
    const seeker = await user();
    const near = await provider();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Chat", description: "d" });
    const booking = await acceptJob(db, near, { jobId: job.id });
    const before = Date.now();
    await sendMessage(db, near.id, { bookingId: booking.id, content: "one" });
    await sendMessage(db, near.id, { bookingId: booking.id, content: "two" });
    const messages = await notificationsOf(seeker.id, "message");
    expect(messages).toHaveLength(2);
    const jobs = await queued(messages.map((m) => m.id));
    expect(jobs).toHaveLength(1);
    expect(jobs[0].singleton_key).toBe(`messages:${booking.id}:${seeker.id}`);
    expect(new Date(jobs[0].start_after).getTime()).toBeGreaterThanOrEqual(before + (MESSAGE_ALERT_DELAY_SECONDS - 5) * 1000);
  });
});

describe("a due alert", () => {
  it("goes to an online provider for an urgent open job; not once they go offline or switch to seeking, nor for a job that is not urgent", async () => {
    const seeker = await user();
    const near = await provider();
    const urgent = await createJob(db, seeker.id, { categoryId: "repair", title: "Urgent", description: "d", isUrgent: true });
    const calm = await createJob(db, seeker.id, { categoryId: "repair", title: "Calm", description: "d" });
    const notices = await notificationsOf(near.id, "job_posted");
    const urgentNotice = notices.find((x) => x.relatedId === urgent.id)!;
    const calmNotice = notices.find((x) => x.relatedId === calm.id)!;
    expect(await alertToSend(db, urgentNotice.id)).toMatchObject({ kind: "urgentJobs", to: near.email });
    expect(await alertToSend(db, calmNotice.id)).toBeNull();
    await db.update(t.users).set({ isProviderOnline: false }).where(eq(t.users.id, near.id));
    expect(await alertToSend(db, urgentNotice.id)).toBeNull();
    await db.update(t.users).set({ isProviderOnline: true, currentRole: "seeker" }).where(eq(t.users.id, near.id));
    expect(await alertToSend(db, urgentNotice.id)).toBeNull();
  });

  it("is not sent when its kind is off, nor twice", async () => {
    const seeker = await user();
    const near = await provider();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Once", description: "d" });
    await acceptJob(db, near, { jobId: job.id });
    const [accepted] = await notificationsOf(seeker.id, "booking_accepted");
    const alert = await alertToSend(db, accepted.id);
    expect(alert).toMatchObject({ kind: "bookings", to: seeker.email });
    await setEmailChoices(db, seeker.id, { bookings: false });
    expect(await alertToSend(db, accepted.id)).toBeNull();
    await setEmailChoices(db, seeker.id, { bookings: true });
    await recordDelivery(db, alert as AlertToSend);
    expect(await alertToSend(db, accepted.id)).toBeNull();
  });

  it("for a message: about the oldest one unread once it is 5 minutes old, at most one per conversation in 30 minutes, none once read", async () => {
    const seeker = await user();
    const near = await provider();
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Talk", description: "d" });
    const booking = await acceptJob(db, near, { jobId: job.id });
    const age = (id: string, minutes: number) =>
      db
        .update(t.notifications)
        .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(t.notifications.id, id));
    await sendMessage(db, near.id, { bookingId: booking.id, content: "first" });
    const [first] = await notificationsOf(seeker.id, "message");
    // Not 5 minutes old yet: it comes back when it is.
    expect(await alertToSend(db, first.id)).toMatchObject({
      later: new Date(first.createdAt.getTime() + MESSAGE_ALERT_DELAY_SECONDS * 1000),
      notificationId: first.id,
    });
    await age(first.id, 40);
    const alert = (await alertToSend(db, first.id)) as AlertToSend;
    expect(alert).toMatchObject({ kind: "messages", scope: `messages:${booking.id}`, notification: { id: first.id } });
    await recordDelivery(db, alert);
    const sentAt = (await db.select().from(t.emailDeliveries).where(eq(t.emailDeliveries.key, first.id)))[0].sentAt;

    // A message in the quiet half hour after an email: told of when the half hour ends, not dropped.
    await sendMessage(db, near.id, { bookingId: booking.id, content: "second" });
    const second = (await notificationsOf(seeker.id, "message")).find((x) => x.id !== first.id)!;
    const later = await toldWhenQuietEnds(second.id, sentAt, MESSAGE_ALERT_INTERVAL_SECONDS, { userId: seeker.id, conversationId: booking.id });
    // The worker holds the waiting job (the first message's) while it decides; it queues the next one.
    await db.execute(
      sql`update ${sql.identifier(QUEUE_SCHEMA)}.job set state = 'active' where singleton_key = ${`messages:${booking.id}:${seeker.id}`}`,
    );
    await queueAlertLater(db, later);
    const [requeued] = await queuedFor(`messages:${booking.id}:${seeker.id}`);
    expect(new Date(requeued.start_after).getTime()).toBe(later.later.getTime());
    expect(requeued.data.notificationId).toBe(second.id);

    // When it is due: about the second message (the first was told of already), while it is unread.
    await db
      .update(t.emailDeliveries)
      .set({ sentAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(t.emailDeliveries.key, first.id));
    await age(second.id, 6);
    expect(await alertToSend(db, first.id)).toMatchObject({ kind: "messages", notification: { id: second.id } });
    await openThread(db, booking.id, seeker.id);
    expect(await alertToSend(db, second.id)).toBeNull();
  });
});

describe("booking emails about one job (decision 0062)", () => {
  it("go at once, a booking's own later moves too; another booking of the job within 30 minutes waits, then the newest is told", async () => {
    const seeker = await user();
    const [first, second] = [await provider(), await provider()];
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Harvested", description: "d" });
    const sent = async (alert: AlertToSend) => {
      await recordDelivery(db, alert);
      return (await db.select().from(t.emailDeliveries).where(eq(t.emailDeliveries.key, alert.notification.id)))[0].sentAt;
    };
    const newest = async (type: t.Notification["type"]) => (await notificationsOf(seeker.id, type)).sort((a, b) => +b.createdAt - +a.createdAt)[0];

    const b1 = await acceptJob(db, first, { jobId: job.id });
    const accepted = await newest("booking_accepted");
    const told = (await alertToSend(db, accepted.id)) as AlertToSend;
    expect(told).toMatchObject({ kind: "bookings", scope: `bookings:${job.id}`, notification: { id: accepted.id } });
    await sent(told);
    await transitionBooking(db, b1.id, first.id, "cancelled");
    const cancelled = await newest("booking_cancelled");
    const toldAgain = (await alertToSend(db, cancelled.id)) as AlertToSend;
    expect(toldAgain).toMatchObject({ kind: "bookings", notification: { id: cancelled.id } });
    const sentAt = await sent(toldAgain);

    // The loop goes on with another account: its accept and cancel wait for the quiet time's end, in one queued job.
    const b2 = await acceptJob(db, second, { jobId: job.id });
    const reaccepted = await newest("booking_accepted");
    const later = await toldWhenQuietEnds(reaccepted.id, sentAt, BOOKING_ALERT_INTERVAL_SECONDS, { userId: seeker.id, jobId: job.id });
    await queueAlertLater(db, later);
    await transitionBooking(db, b2.id, second.id, "cancelled");
    const recancelled = await newest("booking_cancelled");
    await queueAlertLater(db, (await alertToSend(db, recancelled.id)) as AlertLater);
    const waiting = await queuedFor(`bookings:${job.id}:${seeker.id}`);
    expect(waiting.map((w) => w.data.notificationId)).toEqual([reaccepted.id]);

    // When it is due: one email, about the newest update of the job's bookings.
    await db
      .update(t.emailDeliveries)
      .set({ sentAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(t.emailDeliveries.userId, seeker.id));
    expect(await alertToSend(db, reaccepted.id)).toMatchObject({
      kind: "bookings",
      scope: `bookings:${job.id}`,
      notification: { id: recancelled.id },
    });
  });
});

describe("the job digest", () => {
  it("waits 30 minutes with one job per provider, then lists the jobs that are not urgent since the last one, while it is on", async () => {
    const seeker = await user();
    const near = await provider();
    await setEmailChoices(db, near.id, { jobDigest: true });
    const before = Date.now();
    const first = await createJob(db, seeker.id, { categoryId: "repair", title: "Paint a fence", description: "d" });
    const second = await createJob(db, seeker.id, { categoryId: "repair", title: "Fix a shelf", description: "d" });
    await createJob(db, seeker.id, { categoryId: "repair", title: "Flood", description: "d", isUrgent: true });
    const rows = await jobsWhere(sql`name = ${QUEUES.jobDigest} and singleton_key = ${`digest:${near.id}`}`);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].start_after).getTime()).toBeGreaterThanOrEqual(before + (JOB_DIGEST_INTERVAL_SECONDS - 5) * 1000);

    const digest = await digestToSend(db, near.id);
    expect(digest?.to).toBe(near.email);
    expect(digest?.items.map((i) => i.relatedId)).toEqual([first.id, second.id]);
    await recordDigest(db, digest!);
    expect(await digestToSend(db, near.id)).toBeNull();
    const third = await createJob(db, seeker.id, { categoryId: "repair", title: "Hang a door", description: "d" });
    expect((await digestToSend(db, near.id))?.items.map((i) => i.relatedId)).toEqual([third.id]);
    await setEmailChoices(db, near.id, { jobDigest: false });
    expect(await digestToSend(db, near.id)).toBeNull();
  });

  it("is off by default", async () => {
    const seeker = await user();
    const near = await provider();
    await createJob(db, seeker.id, { categoryId: "repair", title: "Quiet job", description: "d" });
    expect(await digestToSend(db, near.id)).toBeNull();
  });
});
