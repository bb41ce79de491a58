import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { EVENTS_CHANNEL, inTransaction, parseEvent, type LiveEvent } from "~/infra/events.server";
import { BOOKING_CANCELLED_NO_MESSAGES, listConversations, sendMessageSchema } from "~/models/message.server";
import { countUnreadBadges, listNotifications } from "~/models/notification.server";
import { acceptJobIn as acceptJob, reviewBookingIn as createReview, moveBookingIn as transitionBooking } from "~/operations/bookings.server";
import { postJobIn as createJob } from "~/operations/jobs.server";
import { openThread, sendMessageIn as sendMessage } from "~/operations/messages.server";
import { markAllNotificationsRead, markNotificationRead } from "~/operations/notifications.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { modelTestDatabase, refusal } from "../support/model-database.ts";

let db: Database;
const events: LiveEvent[] = [];
const { user, provider } = modelTestDatabase(async (opened, handle) => {
  db = opened;
  await handle.listen(EVENTS_CHANNEL, (payload) => {
    const event = parseEvent(payload);
    if (event) events.push(event);
  });
});
beforeEach(() => {
  events.length = 0;
});

async function booked() {
  const seeker = await user();
  const prov = await provider();
  const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Fix sink", description: "d", address: "Manhattan, NY" });
  const booking = await acceptJob(db, prov, { jobId: job.id });
  return { seeker, provider: prov, job, booking };
}

const notificationsOf = async (userId: string) => listNotifications(db, userId);
const waitForEvents = () => new Promise((r) => setTimeout(r, 50));

describe("messages", () => {
  it("are sent inside a booking to the other party only, and notify the receiver", async () => {
    const { seeker, provider: prov, booking } = await booked();
    const stranger = await user();
    const message = await sendMessage(db, seeker.id, { bookingId: booking.id, content: "Hello", receiverId: prov.id });
    expect(message).toMatchObject({ senderId: seeker.id, receiverId: prov.id, content: "Hello", isRead: false });
    expect((await refusal(sendMessage(db, stranger.id, { bookingId: booking.id, content: "Hi", receiverId: prov.id }))).kind).toBe("not_found");
    expect((await refusal(sendMessage(db, seeker.id, { bookingId: booking.id, content: "Hi", receiverId: seeker.id }))).kind).toBe("invalid");
    const received = await notificationsOf(prov.id);
    expect(received[0]).toMatchObject({ type: "message", relatedId: booking.id, title: `New message from ${seeker.firstName} ${seeker.lastName}` });
    expect(await notificationsOf(stranger.id)).toEqual([]);
    await waitForEvents();
    const messageEvent = events.find((e) => e.type === "message");
    expect(messageEvent?.userIds.sort()).toEqual([prov.id, seeker.id].sort());
    expect(messageEvent?.data.bookingId).toBe(booking.id);
  });

  it("are refused on a cancelled booking with 409, stored nowhere and notified to nobody", async () => {
    const { seeker, provider: prov, booking } = await booked();
    await sendMessage(db, prov.id, { bookingId: booking.id, content: "On my way", receiverId: seeker.id });
    await transitionBooking(db, booking.id, seeker.id, "cancelled");
    await waitForEvents();
    events.length = 0;
    const before = await notificationsOf(prov.id);
    for (const [from, to] of [
      [seeker, prov],
      [prov, seeker],
    ]) {
      const refused = await refusal(sendMessage(db, from.id, { bookingId: booking.id, content: "Still coming?", receiverId: to.id }));
      expect(refused.kind).toBe("conflict");
      expect(refused.message).toBe(BOOKING_CANCELLED_NO_MESSAGES);
    }
    expect((await db.select().from(t.messages).where(eq(t.messages.bookingId, booking.id))).map((m) => m.content)).toEqual(["On my way"]);
    expect(await notificationsOf(prov.id)).toEqual(before);
    expect((await notificationsOf(seeker.id)).some((x) => x.message.includes("Still coming?"))).toBe(false);
    await waitForEvents();
    expect(events.filter((e) => e.type === "message")).toEqual([]);
    // A stranger still learns nothing: 404, not 409.
    expect((await refusal(sendMessage(db, (await user()).id, { bookingId: booking.id, content: "Hi", receiverId: prov.id }))).kind).toBe("not_found");
  });

  it("refuse blank and oversized content", () => {
    const base = { bookingId: "00000000-0000-4000-8000-000000000000", receiverId: "00000000-0000-4000-8000-000000000001" };
    expect(sendMessageSchema.safeParse({ ...base, content: "   \n\t " }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ ...base, content: "x".repeat(2001) }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ ...base, content: "x".repeat(2000) }).success).toBe(true);
    expect(sendMessageSchema.parse({ ...base, content: "  hi  " }).content).toBe("hi");
  });

  it("opening a thread lists it oldest first and marks only what the reader received as read", async () => {
    const { seeker, provider: prov, booking } = await booked();
    await sendMessage(db, seeker.id, { bookingId: booking.id, content: "one", receiverId: prov.id });
    await sendMessage(db, prov.id, { bookingId: booking.id, content: "two", receiverId: seeker.id });
    await sendMessage(db, seeker.id, { bookingId: booking.id, content: "three", receiverId: prov.id });
    const unreadNotifications = async (userId: string) => (await listNotifications(db, userId)).filter((n) => !n.isRead).length;
    expect(await countUnreadBadges(db, prov.id)).toEqual({ messages: 2, notifications: await unreadNotifications(prov.id) });
    const thread = await openThread(db, booking.id, prov.id);
    expect(thread.map((m) => m.content)).toEqual(["one", "two", "three"]);
    expect((await countUnreadBadges(db, prov.id)).messages).toBe(0);
    expect(await countUnreadBadges(db, seeker.id)).toEqual({ messages: 1, notifications: await unreadNotifications(seeker.id) });
    expect((await countUnreadBadges(db, seeker.id)).notifications).toBeGreaterThan(0);
    expect((await refusal(openThread(db, booking.id, (await user()).id))).kind).toBe("not_found");
  });

  it("summarises conversations in one query: other user, last message, unread count, newest first", async () => {
    const me = await user();
    const a = await provider();
    const b = await provider();
    const jobA = await createJob(db, me.id, { categoryId: "repair", title: "A", description: "d" });
    const jobB = await createJob(db, me.id, { categoryId: "repair", title: "B", description: "d" });
    const bookingA = await acceptJob(db, a, { jobId: jobA.id });
    const bookingB = await acceptJob(db, b, { jobId: jobB.id });
    await sendMessage(db, a.id, { bookingId: bookingA.id, content: "from a 1", receiverId: me.id });
    await sendMessage(db, a.id, { bookingId: bookingA.id, content: "from a 2", receiverId: me.id });
    await new Promise((r) => setTimeout(r, 5));
    const toB = await sendMessage(db, me.id, { bookingId: bookingB.id, content: "to b", receiverId: b.id });

    // Every statement, built by drizzle or not, is prepared by the session: one.
    const statements = vi.spyOn(db._.session, "prepareQuery");
    const conversations = await listConversations(db, me.id);
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockRestore();

    expect(conversations.map((c) => c.bookingId)).toEqual([bookingB.id, bookingA.id]);
    expect(conversations[0]).toMatchObject({ otherUser: { id: b.id, firstName: b.firstName }, lastMessage: { content: "to b" }, unreadCount: 0 });
    // The time as JSON writes the message's own (its text from the database, rewritten without a Date).
    expect(conversations[0].lastMessage?.createdAt).toBe(toB.createdAt.toISOString());
    expect(conversations[1]).toMatchObject({ otherUser: { id: a.id }, lastMessage: { content: "from a 2" }, unreadCount: 2 });
    expect(await listConversations(db, (await user()).id)).toEqual([]);
  });
});

describe("notifications of domain events", () => {
  it("tell nearby online providers of the category about a new job, and nobody else", async () => {
    const seeker = await user();
    const near = await provider({ providerCategories: ["cleaning"] });
    const otherCategory = await provider({ providerCategories: ["moving"] });
    const offline = await provider({ providerCategories: ["cleaning"], isProviderOnline: false });
    const far = await provider({ providerCategories: ["cleaning"], latitude: "34.0522000", longitude: "-118.2437000" });
    const job = await createJob(db, seeker.id, {
      categoryId: "cleaning",
      title: "Deep clean",
      description: "d",
      address: "350 Jay St, Brooklyn, NY 11201",
      isUrgent: true,
    });
    const [notice] = await notificationsOf(near.id);
    expect(notice).toMatchObject({ type: "job_posted", relatedId: job.id, title: "Urgent job near you" });
    expect(notice.message).toContain('"Deep clean"');
    // The area of the job, not the address as typed (decision 0039).
    expect(notice.message).toContain("· Brooklyn, NY ·");
    expect(notice.message).not.toContain("Jay St");
    for (const other of [otherCategory, offline, far, seeker]) {
      expect((await notificationsOf(other.id)).filter((x) => x.relatedId === job.id)).toEqual([]);
    }
    await waitForEvents();
    const update = events.find((e) => e.type === "job_update" && e.data.jobId === job.id);
    expect(update?.userIds).toEqual(expect.arrayContaining([seeker.id, near.id, otherCategory.id]));
    expect(update?.userIds).not.toContain(offline.id);
    expect(update?.userIds).not.toContain(far.id);
  });

  it("tell the seeker about an acceptance and the other party about each status change", async () => {
    const { seeker, provider: prov, job, booking } = await booked();
    expect((await notificationsOf(seeker.id))[0]).toMatchObject({
      type: "booking_accepted",
      relatedId: booking.id,
      message: `${prov.firstName} ${prov.lastName} accepted "${job.title}"`,
    });
    await transitionBooking(db, booking.id, prov.id, "in_progress");
    expect((await notificationsOf(seeker.id))[0]).toMatchObject({ type: "booking_accepted", title: "Job started" });
    await transitionBooking(db, booking.id, prov.id, "completed");
    expect((await notificationsOf(seeker.id))[0]).toMatchObject({ type: "booking_accepted", title: "Job completed" });
    expect((await notificationsOf(prov.id)).filter((x) => x.relatedId === booking.id)).toEqual([]);
    await createReview(db, seeker.id, { bookingId: booking.id, revieweeId: prov.id, rating: 4 });
    expect((await notificationsOf(prov.id))[0]).toMatchObject({ type: "review", relatedId: booking.id });
    await waitForEvents();
    const bookingEvents = events.filter((e) => e.type === "booking_update" && e.data.bookingId === booking.id);
    expect(bookingEvents.length).toBeGreaterThanOrEqual(2);
    for (const e of bookingEvents) expect(e.userIds.sort()).toEqual([prov.id, seeker.id].sort());
  });

  it("name a user without a name as 'User', never by their email address (decision 0018)", async () => {
    const seeker = await user({ firstName: null, lastName: null });
    const prov = await provider({ firstName: null, lastName: null });
    const job = await createJob(db, seeker.id, { categoryId: "repair", title: "Nameless", description: "d", address: "Manhattan, NY" });
    const booking = await acceptJob(db, prov, { jobId: job.id });
    await sendMessage(db, seeker.id, { bookingId: booking.id, content: "Hello", receiverId: prov.id });
    await transitionBooking(db, booking.id, prov.id, "in_progress");
    await transitionBooking(db, booking.id, prov.id, "completed");
    await createReview(db, seeker.id, { bookingId: booking.id, revieweeId: prov.id, rating: 5 });
    const received = [...(await notificationsOf(seeker.id)), ...(await notificationsOf(prov.id))].filter((x) => x.relatedId === booking.id);
    expect(received.map((x) => x.type).sort()).toEqual(["booking_accepted", "booking_accepted", "booking_accepted", "message", "review"]);
    const text = JSON.stringify(received);
    expect(text).not.toContain(seeker.email);
    expect(text).not.toContain(prov.email);
    expect(text).toContain("User accepted");
  });

  it("tell the provider when the seeker cancels", async () => {
    const { seeker, provider: prov, booking } = await booked();
    await transitionBooking(db, booking.id, seeker.id, "cancelled");
    expect((await notificationsOf(prov.id))[0]).toMatchObject({ type: "booking_cancelled", relatedId: booking.id });
  });

  it("mark read: own only (404 for others), and all at once", async () => {
    const { seeker } = await booked();
    const stranger = await user();
    const [first] = await notificationsOf(seeker.id);
    expect((await refusal(markNotificationRead(db, stranger.id, first.id))).kind).toBe("not_found");
    expect((await markNotificationRead(db, seeker.id, first.id)).isRead).toBe(true);
    await booked();
    const [{ id }] = await db.insert(t.notifications).values({ userId: seeker.id, type: "review", title: "x", message: "y" }).returning();
    expect(await markAllNotificationsRead(db, seeker.id)).toBeGreaterThanOrEqual(1);
    const [row] = await db
      .select()
      .from(t.notifications)
      .where(and(eq(t.notifications.id, id), eq(t.notifications.isRead, true)));
    expect(row).toBeDefined();
  });

  it("are not published when the transaction rolls back", async () => {
    const { seeker, provider: prov, booking } = await booked();
    await waitForEvents();
    events.length = 0;
    await expect(
      inTransaction(db, async (tx) => {
        await sendMessage(tx, seeker.id, { bookingId: booking.id, content: "never", receiverId: prov.id });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await waitForEvents();
    expect(events).toEqual([]);
    expect((await notificationsOf(prov.id)).some((x) => x.message.includes("never"))).toBe(false);
  });
});

describe("reading", () => {
  it("opening a thread also marks its message notifications read, and tells the reader's other tabs", async () => {
    const { seeker, provider: prov, booking } = await booked();
    await sendMessage(db, seeker.id, { bookingId: booking.id, content: "ping", receiverId: prov.id });
    expect((await notificationsOf(prov.id)).some((x) => x.type === "message" && !x.isRead)).toBe(true);
    await waitForEvents();
    events.length = 0;
    await openThread(db, booking.id, prov.id);
    expect((await notificationsOf(prov.id)).filter((x) => x.type === "message" && !x.isRead)).toEqual([]);
    await waitForEvents();
    expect(events.some((e) => e.type === "notification" && e.userIds.includes(prov.id))).toBe(true);
  });
});
