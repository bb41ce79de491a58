// Report and block (issue 34), on a migrated database: a block works both ways — no messages, no jobs of one to the
// other in lists, the directory or the wizard, no accept or request — while existing bookings and threads stay; a
// report is of something the reporter may see, never their own, one open per target, with its author resolved.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { providerSearchQuery } from "~/lib/schemas/provider-search";
import { ALREADY_REPORTED, BLOCKED_NO_MESSAGES, CANNOT_BLOCK_YOURSELF, CANNOT_REPORT_OWN, REQUEST_ENDED_BY_BLOCK } from "~/lib/trust-safety-texts";
import { getBookingForParty } from "~/models/booking.server";
import { getJobForViewer, listAvailableJobs, providersAround } from "~/models/job.server";
import { searchProviders } from "~/models/provider-search.server";
import { listAvailableProviders } from "~/models/provider.server";
import { blockUserIn } from "~/operations/blocks.server";
import { acceptJobIn, moveBookingIn, reviewBookingIn } from "~/operations/bookings.server";
import { addFavorite, favoritesPageIn } from "~/operations/favorites.server";
import { postJobIn } from "~/operations/jobs.server";
import { openThread, sendMessageIn } from "~/operations/messages.server";
import { reportIn } from "~/operations/reports.server";
import { requestProviderIn } from "~/operations/requests.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { modelTestDatabase, refusal } from "../support/model-database.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

const midtown = { latitude: 40.758, longitude: -73.9855 };
const post = (seekerId: string, title = "Fix the tap") => postJobIn(db, seekerId, { categoryId: "repair", title, description: "It drips" });
const request = (seekerId: string, providerId: string) =>
  requestProviderIn(db, seekerId, { providerId, categoryId: "repair", title: "Fix", description: "Now", when: "asap" });
const unblock = (blockerId: string, blockedId: string) =>
  db.delete(t.blocks).where(and(eq(t.blocks.blockerId, blockerId), eq(t.blocks.blockedId, blockedId)));

/** A seeker and a provider with a booking between them (accepted), and a message each way. */
async function pairWithBooking() {
  const seeker = await user();
  const worker = await provider();
  const job = await post(seeker.id);
  const booking = await acceptJobIn(db, worker, { jobId: job.id });
  await sendMessageIn(db, seeker.id, { bookingId: booking.id, content: "Hello" });
  await sendMessageIn(db, worker.id, { bookingId: booking.id, content: "On my way" });
  return { seeker, worker, job, booking };
}

describe("a block, either way", () => {
  for (const direction of ["seeker blocks the provider", "provider blocks the seeker"] as const) {
    it(`${direction}: no new messages either way, the thread and the booking stay readable to both`, async () => {
      const { seeker, worker, booking } = await pairWithBooking();
      const [blocker, blocked] = direction === "seeker blocks the provider" ? [seeker, worker] : [worker, seeker];
      await blockUserIn(db, blocker.id, { userId: blocked.id });
      for (const sender of [seeker, worker]) {
        const refused = await refusal(sendMessageIn(db, sender.id, { bookingId: booking.id, content: "Still there?" }));
        expect(refused).toMatchObject({ kind: "conflict", message: BLOCKED_NO_MESSAGES });
      }
      for (const party of [seeker, worker]) {
        expect((await openThread(db, booking.id, party.id)).map((m) => m.content)).toEqual(["Hello", "On my way"]);
        expect((await getBookingForParty(db, booking.id, party.id))?.id).toBe(booking.id);
      }
      await unblock(blocker.id, blocked.id);
      expect((await sendMessageIn(db, seeker.id, { bookingId: booking.id, content: "Again" })).content).toBe("Again");
    });

    it(`${direction}: the provider neither sees nor accepts the seeker's jobs, nor hears of new ones`, async () => {
      const seeker = await user({ latitude: "40.7580000", longitude: "-73.9855000" });
      const worker = await provider();
      const [blocker, blocked] = direction === "seeker blocks the provider" ? [seeker, worker] : [worker, seeker];
      const before = await post(seeker.id, "Listed before");
      expect((await listAvailableJobs(db, worker)).map((j) => j.id)).toContain(before.id);
      await blockUserIn(db, blocker.id, { userId: blocked.id });
      const after = await post(seeker.id, "Posted after");
      const listed = (await listAvailableJobs(db, worker)).map((j) => j.id);
      expect(listed).not.toContain(before.id);
      expect(listed).not.toContain(after.id);
      // The dashboard's preview is the same query with a limit.
      expect((await listAvailableJobs(db, worker, { limit: 3 })).map((j) => j.id)).not.toContain(before.id);
      expect(await getJobForViewer(db, before.id, worker.id)).toBeNull();
      expect((await providersAround(db, after, { limit: 50 })).map((p) => p.id)).not.toContain(worker.id);
      expect((await refusal(acceptJobIn(db, worker, { jobId: before.id }))).kind).toBe("not_found");
      // The seeker still reads their own job.
      expect((await getJobForViewer(db, before.id, seeker.id))?.id).toBe(before.id);
      await unblock(blocker.id, blocked.id);
      expect((await acceptJobIn(db, worker, { jobId: before.id })).jobId).toBe(before.id);
    });

    it(`${direction}: neither finds the other in the directory or the wizard's list, and no request goes`, async () => {
      const seeker = await user();
      const worker = await provider({ firstName: "Blockable", lastName: `Plumber${direction.length}` });
      const [blocker, blocked] = direction === "seeker blocks the provider" ? [seeker, worker] : [worker, seeker];
      const directory = async () =>
        (await searchProviders(db, seeker.id, midtown, providerSearchQuery.parse({ sort: "rating" }))).providers.map((p) => p.id);
      const wizard = async () => (await listAvailableProviders(db, "repair", { viewerId: seeker.id, limit: 1000 })).map((p) => p.id);
      await blockUserIn(db, blocker.id, { userId: blocked.id });
      expect(await wizard()).not.toContain(worker.id);
      expect(await directory()).not.toContain(worker.id);
      const refused = await refusal(request(seeker.id, worker.id));
      expect(refused).toMatchObject({ kind: "not_found", message: "Provider not found" });
      await unblock(blocker.id, blocked.id);
      expect(await wizard()).toContain(worker.id);
      expect((await request(seeker.id, worker.id)).providerId).toBe(worker.id);
    });
  }

  for (const direction of ["seeker blocks the provider", "provider blocks the seeker"] as const)
    it(`${direction}: their open request ends (the other told, in words that do not say who blocked), other requests and bookings go on`, async () => {
      const seeker = await user();
      const worker = await provider();
      const elsewhere = await provider();
      const [blocker, blocked] = direction === "seeker blocks the provider" ? [seeker, worker] : [worker, seeker];
      const between = await request(seeker.id, worker.id);
      const other = await request(seeker.id, elsewhere.id);
      const { booking: accepted } = await pairWithBooking();
      await blockUserIn(db, blocker.id, { userId: blocked.id });

      const [ended] = await db.select().from(t.bookings).where(eq(t.bookings.id, between.id));
      expect(ended).toMatchObject({ status: "cancelled", cancelledBy: blocker.id, cancellationReason: REQUEST_ENDED_BY_BLOCK });
      const [job] = await db.select().from(t.jobs).where(eq(t.jobs.id, between.jobId));
      expect(job.status).toBe("cancelled");
      const told = await db
        .select()
        .from(t.notifications)
        .where(and(eq(t.notifications.relatedId, between.id), eq(t.notifications.title, "Request ended")));
      expect(told.map((n) => [n.userId, n.message])).toEqual([[blocked.id, REQUEST_ENDED_BY_BLOCK]]);
      // The blocked provider can no longer accept it.
      expect((await refusal(moveBookingIn(db, between.id, worker.id, "accepted"))).kind).toBe("conflict");
      expect((await db.select().from(t.bookings).where(eq(t.bookings.id, other.id)))[0].status).toBe("pending");
      expect((await db.select().from(t.bookings).where(eq(t.bookings.id, accepted.id)))[0].status).toBe("accepted");
    });

  it("leaves a provider blocked either way out of the favorites page, and brings them back once unblocked", async () => {
    const seeker = await user();
    const [kept, blockedBySeeker, blockingSeeker] = [await provider(), await provider(), await provider()];
    for (const saved of [kept, blockedBySeeker, blockingSeeker])
      await addFavorite(db, seeker.id, { targetType: "provider", targetId: saved.id, role: "seeker" });
    await blockUserIn(db, seeker.id, { userId: blockedBySeeker.id });
    await blockUserIn(db, blockingSeeker.id, { userId: seeker.id });
    const page = async () => (await favoritesPageIn(db, seeker)).providers.map((p) => p.provider.id);
    expect(await page()).toEqual([kept.id]);
    await unblock(seeker.id, blockedBySeeker.id);
    expect(await page()).toEqual(expect.arrayContaining([kept.id, blockedBySeeker.id]));
  });

  it("is refused for oneself (403) and for no such user (404); blocking twice keeps one", async () => {
    const me = await user();
    expect(await refusal(blockUserIn(db, me.id, { userId: me.id }))).toMatchObject({ kind: "forbidden", message: CANNOT_BLOCK_YOURSELF });
    expect((await refusal(blockUserIn(db, me.id, { userId: crypto.randomUUID() }))).kind).toBe("not_found");
    const other = await user();
    await blockUserIn(db, me.id, { userId: other.id });
    await blockUserIn(db, me.id, { userId: other.id });
    expect(await db.select().from(t.blocks).where(eq(t.blocks.blockerId, me.id))).toHaveLength(1);
  });
});

describe("a report", () => {
  it("of a job, a user, a message or a review stores the author, one open report per reporter and target", async () => {
    const { seeker, worker, booking } = await pairWithBooking();
    await moveBookingIn(db, booking.id, worker.id, "in_progress");
    await moveBookingIn(db, booking.id, worker.id, "completed");
    const review = await reviewBookingIn(db, worker.id, { bookingId: booking.id, revieweeId: seeker.id, rating: 1, comment: "Rude" });
    const [message] = await db.select().from(t.messages).where(eq(t.messages.senderId, worker.id));
    const reporter = await user();
    const openJob = await post(seeker.id, "Too good to be true");

    const byReporter = await reportIn(db, reporter.id, { targetType: "job", targetId: openJob.id, reason: "scam", note: "Asks for a deposit" });
    expect(byReporter).toMatchObject({
      targetUserId: seeker.id,
      reporterId: reporter.id,
      status: "open",
      reason: "scam",
      note: "Asks for a deposit",
    });
    expect(await reportIn(db, reporter.id, { targetType: "user", targetId: worker.id, reason: "spam" })).toMatchObject({
      targetUserId: worker.id,
      note: null,
    });
    expect(await reportIn(db, reporter.id, { targetType: "review", targetId: review.id, reason: "offensive" })).toMatchObject({
      targetUserId: worker.id,
    });
    expect(await reportIn(db, seeker.id, { targetType: "message", targetId: message.id, reason: "unsafe" })).toMatchObject({
      targetUserId: worker.id,
    });

    const again = await refusal(reportIn(db, reporter.id, { targetType: "job", targetId: openJob.id, reason: "spam" }));
    expect(again).toMatchObject({ kind: "conflict", message: ALREADY_REPORTED });
    // Once an operator closed it, the same target may be reported again.
    await db.update(t.reports).set({ status: "dismissed" }).where(eq(t.reports.id, byReporter.id));
    expect((await reportIn(db, reporter.id, { targetType: "job", targetId: openJob.id, reason: "spam" })).status).toBe("open");
    // Nobody is notified of a report.
    const told = await db.select().from(t.notifications).where(eq(t.notifications.userId, seeker.id));
    expect(told.map((n) => n.message).join(" ")).not.toMatch(/report/i);
  });

  it("of oneself or one's own content is refused (403)", async () => {
    const { seeker, job } = await pairWithBooking();
    const [mine] = await db.select().from(t.messages).where(eq(t.messages.senderId, seeker.id));
    for (const target of [
      { targetType: "user", targetId: seeker.id },
      { targetType: "job", targetId: job.id },
      { targetType: "message", targetId: mine.id },
    ] as const) {
      expect(await refusal(reportIn(db, seeker.id, { ...target, reason: "spam" }))).toMatchObject({ kind: "forbidden", message: CANNOT_REPORT_OWN });
    }
  });

  it("of something the reporter may not see is 404, and stores nothing", async () => {
    const { worker, job } = await pairWithBooking();
    const stranger = await user();
    const [message] = await db.select().from(t.messages).where(eq(t.messages.senderId, worker.id));
    for (const target of [
      { targetType: "job", targetId: job.id }, // taken by someone else: no longer the stranger's to read (decision 0039)
      { targetType: "message", targetId: message.id }, // not their conversation
      { targetType: "review", targetId: crypto.randomUUID() },
      { targetType: "user", targetId: crypto.randomUUID() },
    ] as const) {
      expect((await refusal(reportIn(db, stranger.id, { ...target, reason: "other" }))).kind).toBe("not_found");
    }
    expect(await db.select().from(t.reports).where(eq(t.reports.reporterId, stranger.id))).toEqual([]);
  });
});
