// The push channel of the alert rules (models/email-alert, decision 0077): what is queued per device with each
// notification, in its transaction, and what a due job becomes on one device, apart from the email channel.
import { randomBytes } from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { inTransaction } from "~/infra/events.server";
import { getDeviceChoices, setDeviceChoices } from "~/models/alert-choices.server";
import {
  alertToSend,
  MESSAGE_ALERT_DELAY_SECONDS,
  MESSAGE_ALERT_INTERVAL_SECONDS,
  recordDelivery,
  type AlertToSend,
  type Recipient,
} from "~/models/email-alert.server";
import { saveSubscription } from "~/models/push-subscription.server";
import { acceptJobIn as acceptJob } from "~/operations/bookings.server";
import { postJobIn as createJob } from "~/operations/jobs.server";
import { sendMessageIn as sendMessage } from "~/operations/messages.server";
import { deliverPushAlertIn } from "~/operations/push-alerts.server";

import type { Database } from "../../db/client.ts";
import { QUEUE_SCHEMA, QUEUES } from "../../db/queue.ts";
import * as t from "../../db/schema.ts";
import { TEST_VAPID_ENV } from "../support/env.ts";
import { modelTestDatabase } from "../support/model-database.ts";
import { startPushService, type PushService } from "../support/push-service.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));
for (const [name, value] of Object.entries(TEST_VAPID_ENV)) vi.stubEnv(name, value);

let push: PushService;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(async () => {
  await push.stop();
});

interface QueuedJob {
  id: string;
  name: string;
  data: { notificationId: string; subscriptionId: string };
  start_after: Date;
  singleton_key: string | null;
}

async function jobsWhere(condition: SQL): Promise<QueuedJob[]> {
  const result = await db.execute(sql`select id, name, data, start_after, singleton_key from ${sql.identifier(QUEUE_SCHEMA)}.job where ${condition}`);
  return ((result as { rows?: QueuedJob[] }).rows ?? (result as unknown as QueuedJob[])) as QueuedJob[];
}

const pushJobsFor = (subscriptionId: string) =>
  jobsWhere(sql`name in (${QUEUES.alertPush}, ${QUEUES.pushLater}) and data->>'subscriptionId' = ${subscriptionId}`);

/** A device of the user's, made in a session of theirs. */
async function device(userId: string): Promise<Recipient & { channel: "push"; subscriptionId: string }> {
  const sid = randomBytes(24).toString("base64url");
  await db.insert(t.sessions).values({ sid, sess: { userId }, expire: new Date(Date.now() + 3_600_000) });
  const [row] = await db
    .insert(t.pushSubscriptions)
    .values({ userId, sessionId: sid, endpoint: `https://push.example.com/${sid}`, p256dh: "p", auth: "a" })
    .returning();
  return { channel: "push", subscriptionId: row.id };
}

async function notificationsOf(userId: string, type: t.Notification["type"]) {
  return (await db.select().from(t.notifications).where(eq(t.notifications.userId, userId))).filter((n) => n.type === type);
}

describe("the push outbox", () => {
  it("queues one job per notification and device of its user, in the notification's transaction: none when it rolls back", async () => {
    const seeker = await user();
    const near = await provider();
    const [phone, laptop] = [await device(near.id), await device(near.id)];
    const seekerPhone = await device(seeker.id);
    await expect(
      inTransaction(db, async (tx) => {
        await createJob(tx, seeker.id, { categoryId: "repair", title: "Never", description: "d", isUrgent: true });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await pushJobsFor(phone.subscriptionId)).toEqual([]);

    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Now", description: "d", isUrgent: true });
    const [posted] = (await notificationsOf(near.id, "job_posted")).filter((n) => n.relatedId === job.id);
    for (const d of [phone, laptop]) {
      const queued = await pushJobsFor(d.subscriptionId);
      expect(queued.map((j) => [j.name, j.data.notificationId])).toEqual([[QUEUES.alertPush, posted.id]]);
    }
    // A job that is not urgent is the email digest's alone.
    await createJob(db, seeker.id, { categoryId: "repair", title: "Calm", description: "d" });
    expect(await pushJobsFor(phone.subscriptionId)).toHaveLength(1);
    expect(await pushJobsFor(seekerPhone.subscriptionId)).toEqual([]);
  });

  it("holds a message's push back 5 minutes, one job per conversation and device while one waits", async () => {
    const seeker = await user();
    const near = await provider();
    const phone = await device(seeker.id);
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Chat", description: "d" });
    const booking = await acceptJob(db, near, { jobId: job.id });
    const before = Date.now();
    await sendMessage(db, near.id, { bookingId: booking.id, content: "one" });
    await sendMessage(db, near.id, { bookingId: booking.id, content: "two" });
    const waiting = (await pushJobsFor(phone.subscriptionId)).filter((j) => j.name === QUEUES.pushLater);
    expect(waiting).toHaveLength(1);
    expect(waiting[0].singleton_key).toBe(`push:messages:${booking.id}:${seeker.id}:${phone.subscriptionId}`);
    expect(new Date(waiting[0].start_after).getTime()).toBeGreaterThanOrEqual(before + (MESSAGE_ALERT_DELAY_SECONDS - 5) * 1000);
  });
});

describe("a due push", () => {
  it("follows each device's own push choice, not the email one; is sent once per device; and never to a device that moved to someone else", async () => {
    const seeker = await user();
    const near = await provider();
    const [phone, laptop] = [await device(seeker.id), await device(seeker.id)];
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Once", description: "d" });
    await acceptJob(db, near, { jobId: job.id });
    const [accepted] = await notificationsOf(seeker.id, "booking_accepted");
    const alert = (await alertToSend(db, accepted.id, phone)) as AlertToSend;
    expect(alert).toMatchObject({ kind: "bookings", notification: { id: accepted.id } });
    await setDeviceChoices(db, seeker.id, phone.subscriptionId, { bookings: false });
    expect(await alertToSend(db, accepted.id, phone)).toBeNull();
    expect(await alertToSend(db, accepted.id, laptop)).toMatchObject({ kind: "bookings" });
    expect(await alertToSend(db, accepted.id)).toMatchObject({ kind: "bookings" });
    expect(await setDeviceChoices(db, near.id, phone.subscriptionId, { bookings: true })).toBeNull();
    expect(await alertToSend(db, accepted.id, phone)).toBeNull();
    await setDeviceChoices(db, seeker.id, phone.subscriptionId, { bookings: true });
    await recordDelivery(db, alert, phone);
    expect(await alertToSend(db, accepted.id, phone)).toBeNull();
    expect(await alertToSend(db, accepted.id, laptop)).toMatchObject({ kind: "bookings" });
    expect(await alertToSend(db, accepted.id)).toMatchObject({ kind: "bookings" });
    await db.update(t.pushSubscriptions).set({ userId: near.id }).where(eq(t.pushSubscriptions.id, laptop.subscriptionId));
    expect(await alertToSend(db, accepted.id, laptop)).toBeNull();
  });

  it("a device subscribed again keeps its choices for the same user and starts from the defaults for another", async () => {
    const seeker = await user();
    const other = await user();
    const phone = await device(seeker.id);
    const [row] = await db.select().from(t.pushSubscriptions).where(eq(t.pushSubscriptions.id, phone.subscriptionId));
    await setDeviceChoices(db, seeker.id, phone.subscriptionId, { urgentJobs: false, reviews: true });
    const again = { userId: seeker.id, sessionId: row.sessionId, endpoint: row.endpoint, p256dh: "p2", auth: "a2", userAgent: null };
    await saveSubscription(db, again);
    expect(await getDeviceChoices(db, seeker.id, phone.subscriptionId)).toEqual({ urgentJobs: false, bookings: true, messages: true, reviews: true });
    await saveSubscription(db, { ...again, userId: other.id });
    expect(await getDeviceChoices(db, seeker.id, phone.subscriptionId)).toBeNull();
    expect(await getDeviceChoices(db, other.id, phone.subscriptionId)).toEqual({ urgentJobs: true, bookings: true, messages: true, reviews: false });
  });

  it("for a message: throttled per device like the email (5 minutes unread, one per conversation in 30 minutes)", async () => {
    const seeker = await user();
    const near = await provider();
    const phone = await device(seeker.id);
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Talk", description: "d" });
    const booking = await acceptJob(db, near, { jobId: job.id });
    await sendMessage(db, near.id, { bookingId: booking.id, content: "first" });
    const [first] = await notificationsOf(seeker.id, "message");
    expect(await alertToSend(db, first.id, phone)).toMatchObject({ later: new Date(first.createdAt.getTime() + MESSAGE_ALERT_DELAY_SECONDS * 1000) });
    await db
      .update(t.notifications)
      .set({ createdAt: new Date(Date.now() - 40 * 60_000) })
      .where(eq(t.notifications.id, first.id));
    const alert = (await alertToSend(db, first.id, phone)) as AlertToSend;
    expect(alert).toMatchObject({ kind: "messages", scope: `messages:${booking.id}` });
    await recordDelivery(db, alert, phone);
    const [sent] = await db.select().from(t.pushDeliveries).where(eq(t.pushDeliveries.key, first.id));

    // A clock tick later (PGlite's clock counts whole milliseconds: in the same one, the message would not be newer).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sendMessage(db, near.id, { bookingId: booking.id, content: "second" });
    const second = (await notificationsOf(seeker.id, "message")).find((n) => n.id !== first.id)!;
    expect(await alertToSend(db, second.id, phone)).toMatchObject({
      later: new Date(sent.sentAt.getTime() + MESSAGE_ALERT_INTERVAL_SECONDS * 1000),
      notificationId: second.id,
    });
    // The email channel has its own quiet time: nothing was emailed, so the email is due now.
    expect(await alertToSend(db, second.id)).toMatchObject({ kind: "messages", notification: { id: first.id } });
  });
});

describe("the push worker", () => {
  it("sends an urgent job's push while it is news; one older than its 10-minute TTL (a late retry) is not sent", async () => {
    const seeker = await user();
    const near = await provider();
    const sid = randomBytes(24).toString("base64url");
    await db.insert(t.sessions).values({ sid, sess: { userId: near.id }, expire: new Date(Date.now() + 3_600_000) });
    const subscription = push.subscribe();
    const [row] = await db
      .insert(t.pushSubscriptions)
      .values({ userId: near.id, sessionId: sid, endpoint: subscription.endpoint, ...subscription.keys })
      .returning();
    const fresh = await createJob(db, seeker.id, { categoryId: "repair", title: "Fresh", description: "d", isUrgent: true });
    const stale = await createJob(db, seeker.id, { categoryId: "repair", title: "Stale", description: "d", isUrgent: true });
    const notices = await notificationsOf(near.id, "job_posted");
    const [freshNotice, staleNotice] = [fresh, stale].map((job) => notices.find((n) => n.relatedId === job.id)!);
    await db
      .update(t.notifications)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(t.notifications.id, staleNotice.id));
    const run = (notificationId: string) => deliverPushAlertIn(db, { notificationId, subscriptionId: row.id });
    await run(staleNotice.id);
    await run(freshNotice.id);
    expect(push.arrivals(subscription.endpoint).map((a) => a.payload)).toEqual([
      { title: "Urgent job near you", body: expect.stringContaining('"Fresh"'), url: `/jobs/${fresh.id}`, tag: `job:${fresh.id}` },
    ]);
    const [after] = await db.select().from(t.pushSubscriptions).where(eq(t.pushSubscriptions.id, row.id));
    expect(after.lastSuccessAt).not.toBeNull();
    await run(freshNotice.id);
    expect(push.arrivals(subscription.endpoint)).toHaveLength(1);
  });
});
