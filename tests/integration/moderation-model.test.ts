// The reports queue and hiding (issue 34): open reports grouped by target with the content in context; dismissing;
// hiding a job (cancelled for matching, its open request ended), a message (out of threads, conversations, unread
// counts and the notice that quoted it) and a review (out of the lists and the reviewee's rating, recomputed in the
// same transaction); suspending a reported author; every action audited; a second hiding a 409.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { inTransaction } from "~/infra/events.server";
import { providerSearchQuery } from "~/lib/schemas/provider-search";
import type { ReportReason, ReportTarget } from "~/lib/trust-safety";
import { listAuditLog } from "~/models/audit-log.server";
import { getJobForViewer, listAvailableJobs, listSeekerJobs } from "~/models/job.server";
import { listConversations, listThread } from "~/models/message.server";
import { countUnreadBadges } from "~/models/notification.server";
import { searchProviders } from "~/models/provider-search.server";
import { listReceivedReviews } from "~/models/review.server";
import { acceptJobIn, moveBookingIn, reviewBookingIn } from "~/operations/bookings.server";
import { postJobIn } from "~/operations/jobs.server";
import { sendMessageIn } from "~/operations/messages.server";
import {
  ALREADY_HIDDEN,
  dismissReportsIn,
  hideContentIn,
  JOB_REMOVED_REASON,
  NO_OPEN_REPORTS,
  reportQueueIn,
  suspendAuthorIn,
} from "~/operations/moderation.server";
import { requestProviderIn } from "~/operations/requests.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { modelTestDatabase, refusal } from "../support/model-database.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

const report = async (reporterId: string, target: { type: ReportTarget; id: string; userId: string }, reason: ReportReason = "scam", note?: string) =>
  (
    await db
      .insert(t.reports)
      .values({ reporterId, targetType: target.type, targetId: target.id, targetUserId: target.userId, reason, note })
      .returning()
  )[0];

const reportsOf = (targetId: string) => db.select().from(t.reports).where(eq(t.reports.targetId, targetId));
const userRow = async (id: string) => (await db.select().from(t.users).where(eq(t.users.id, id)))[0];

async function completedBooking(seekerId: string, providerRow: t.User) {
  const job = await postJobIn(db, seekerId, { categoryId: "repair", title: "Fix the sink", description: "Drips" });
  const booking = await acceptJobIn(db, providerRow, { jobId: job.id });
  await moveBookingIn(db, booking.id, providerRow.id, "in_progress");
  await moveBookingIn(db, booking.id, providerRow.id, "completed");
  return { job, booking };
}

describe("the reports queue", () => {
  it("groups open reports by target, newest activity first, with the message's neighbours and the author's history", async () => {
    const operator = await user({ isOperator: true });
    const seeker = await user();
    const helper = await provider();
    const other = await user();
    const { booking } = await completedBooking(seeker.id, helper);
    const sent = [];
    for (const content of ["one", "two", "three", "nasty", "five", "six"]) {
      sent.push(await sendMessageIn(db, content === "nasty" || content === "two" ? helper.id : seeker.id, { bookingId: booking.id, content }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const nasty = sent[3];
    await hideContentIn(db, operator, { targetType: "message", targetId: sent[1].id, reason: "Earlier abuse" });
    // A clock tick apart: reports made in one tick would order by id alone, not by time.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    await report(seeker.id, { type: "message", id: nasty.id, userId: helper.id }, "offensive", "Insulted me");
    await tick();
    await report(other.id, { type: "user", id: helper.id, userId: helper.id }, "unsafe");
    await tick();
    await report(seeker.id, { type: "user", id: helper.id, userId: helper.id }, "scam", "Asked for cash first");

    const queue = (await reportQueueIn(db)).filter((item) => item.targetUserId === helper.id);
    expect(queue.map((item) => [item.targetType, item.count])).toEqual([
      ["user", 2],
      ["message", 1],
    ]);
    const [aboutUser, aboutMessage] = queue;
    expect(aboutUser.reports.map((r) => [r.reason, r.note, r.reporter.id])).toEqual([
      ["scam", "Asked for cash first", seeker.id],
      ["unsafe", null, other.id],
    ]);
    expect(aboutUser.author).toMatchObject({ id: helper.id, suspendedAt: null });
    expect(aboutUser.pastReports.map((r) => r.targetType)).toEqual(["message"]);
    expect(aboutMessage.message!.lines.map((l) => [l.content, l.reported, l.hiddenAt !== null])).toEqual([
      ["two", false, true],
      ["three", false, false],
      ["nasty", true, false],
      ["five", false, false],
      ["six", false, false],
    ]);
    expect(aboutMessage.actions.map((a) => [a.action, a.reason, a.operator?.id])).toEqual([["message.hide", "Earlier abuse", operator.id]]);
  });

  it("dismisses a target's open reports, audited; a second dismissal is a 409", async () => {
    const operator = await user({ isOperator: true });
    const [a, b, author] = [await user(), await user(), await user()];
    const job = await postJobIn(db, author.id, { categoryId: "repair", title: "Ordinary job", description: "Fine" });
    await report(a.id, { type: "job", id: job.id, userId: author.id }, "spam");
    await report(b.id, { type: "job", id: job.id, userId: author.id }, "other");

    expect(await dismissReportsIn(db, operator, { targetType: "job", targetId: job.id, reason: "Looks fine" })).toEqual({ dismissed: 2 });
    const closed = await reportsOf(job.id);
    expect(closed.map((r) => [r.status, r.resolvedBy])).toEqual([
      ["dismissed", operator.id],
      ["dismissed", operator.id],
    ]);
    expect(closed.every((r) => r.resolvedAt instanceof Date)).toBe(true);
    const [entry] = await listAuditLog(db, { targetId: job.id });
    expect(entry).toMatchObject({
      operatorId: operator.id,
      action: "report.dismiss",
      targetType: "job",
      targetUserId: author.id,
      reason: "Looks fine",
    });
    expect((await reportQueueIn(db)).map((item) => item.targetId)).not.toContain(job.id);

    const again = await refusal(dismissReportsIn(db, operator, { targetType: "job", targetId: job.id, reason: "Again" }));
    expect([again.kind, again.message]).toEqual(["conflict", NO_OPEN_REPORTS]);
    expect(await listAuditLog(db, { targetId: job.id })).toHaveLength(1);
    expect(await getJobForViewer(db, job.id, a.id)).not.toBeNull();
  });
});

describe("hiding", () => {
  it("a review leaves the lists and the reviewee's rating, recomputed in the same transaction; twice is a 409", async () => {
    const operator = await user({ isOperator: true });
    const helper = await provider();
    const [fan, puppet] = [await user(), await user()];
    const first = await completedBooking(fan.id, helper);
    const second = await completedBooking(puppet.id, helper);
    await reviewBookingIn(db, fan.id, { bookingId: first.booking.id, revieweeId: helper.id, rating: 3, comment: "Fine" });
    const fake = await reviewBookingIn(db, puppet.id, { bookingId: second.booking.id, revieweeId: helper.id, rating: 5, comment: "Best ever" });
    expect(await userRow(helper.id)).toMatchObject({ averageRating: "4.00", totalReviews: 2 });
    await report(fan.id, { type: "review", id: fake.id, userId: puppet.id }, "scam");

    const hidden = await hideContentIn(db, operator, { targetType: "review", targetId: fake.id, reason: "Sock puppet" });
    expect(hidden).toEqual({ targetUserId: puppet.id, actioned: 1 });
    expect(await userRow(helper.id)).toMatchObject({ averageRating: "3.00", totalReviews: 1 });
    expect((await listReceivedReviews(db, helper.id)).map((r) => r.id)).not.toContain(fake.id);
    expect((await reportsOf(fake.id)).map((r) => r.status)).toEqual(["actioned"]);
    expect(await listAuditLog(db, { targetId: fake.id })).toMatchObject([
      { action: "review.hide", targetType: "review", targetUserId: puppet.id, reason: "Sock puppet" },
    ]);

    const again = await refusal(hideContentIn(db, operator, { targetType: "review", targetId: fake.id, reason: "Again" }));
    expect([again.kind, again.message]).toEqual(["conflict", ALREADY_HIDDEN.review]);
    expect(await listAuditLog(db, { targetId: fake.id })).toHaveLength(1);
  });

  it("a hidden review's words no longer find its provider in the directory (migration 0014)", async () => {
    const operator = await user({ isOperator: true });
    const helper = await provider({ firstName: "Quentin" });
    const fan = await user();
    const { booking } = await completedBooking(fan.id, helper);
    const review = await reviewBookingIn(db, fan.id, {
      bookingId: booking.id,
      revieweeId: helper.id,
      rating: 5,
      comment: "Zanzibarian craftsmanship",
    });
    const found = async () =>
      (await searchProviders(db, fan.id, { latitude: 40.758, longitude: -73.9855 }, providerSearchQuery.parse({ q: "zanzibarian" }))).providers.map(
        (p) => p.id,
      );
    expect(await found()).toContain(helper.id);
    await hideContentIn(db, operator, { targetType: "review", targetId: review.id, reason: "Fake" });
    expect(await found()).not.toContain(helper.id);
  });

  it("a review's hiding and recount roll back together when the transaction fails", async () => {
    const operator = await user({ isOperator: true });
    const helper = await provider();
    const fan = await user();
    const { booking } = await completedBooking(fan.id, helper);
    const review = await reviewBookingIn(db, fan.id, { bookingId: booking.id, revieweeId: helper.id, rating: 2 });
    const failed = inTransaction(db, async (tx) => {
      await hideContentIn(tx, operator, { targetType: "review", targetId: review.id, reason: "Rolled back" });
      expect((await tx.select().from(t.users).where(eq(t.users.id, helper.id)))[0]).toMatchObject({ totalReviews: 0, averageRating: "0.00" });
      throw new Error("stop");
    });
    await expect(failed).rejects.toThrow("stop");
    expect(await userRow(helper.id)).toMatchObject({ totalReviews: 1, averageRating: "2.00" });
    expect(await listAuditLog(db, { targetId: review.id })).toEqual([]);
  });

  it("a message leaves both parties' thread, conversation summary, unread counts and the notice that quoted it", async () => {
    const operator = await user({ isOperator: true });
    const seeker = await user();
    const helper = await provider();
    const job = await postJobIn(db, seeker.id, { categoryId: "repair", title: "Paint the fence", description: "White" });
    const booking = await acceptJobIn(db, helper, { jobId: job.id });
    await sendMessageIn(db, seeker.id, { bookingId: booking.id, content: "Hello there" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const abuse = await sendMessageIn(db, helper.id, { bookingId: booking.id, content: "Something abusive" });
    expect((await countUnreadBadges(db, seeker.id)).messages).toBe(1);
    await report(seeker.id, { type: "message", id: abuse.id, userId: helper.id }, "offensive");

    await hideContentIn(db, operator, { targetType: "message", targetId: abuse.id, reason: "Harassment" });
    expect((await listThread(db, booking.id)).map((m) => m.content)).toEqual(["Hello there"]);
    // The seeker's unread message was the hidden one; the provider has not read "Hello there" yet.
    for (const [party, unread] of [
      [seeker.id, 0],
      [helper.id, 1],
    ] as const) {
      const [conversation] = (await listConversations(db, party)).filter((c) => c.bookingId === booking.id);
      expect(conversation.lastMessage?.content).toBe("Hello there");
      expect(conversation.unreadCount).toBe(unread);
    }
    expect(await countUnreadBadges(db, seeker.id)).toMatchObject({ messages: 0 });
    const notices = await db
      .select()
      .from(t.notifications)
      .where(and(eq(t.notifications.userId, seeker.id), eq(t.notifications.type, "message")));
    expect(JSON.stringify(notices)).not.toContain("Something abusive");
    expect(await listAuditLog(db, { targetId: abuse.id })).toMatchObject([{ action: "message.hide", targetUserId: helper.id, reason: "Harassment" }]);
    expect((await refusal(hideContentIn(db, operator, { targetType: "message", targetId: abuse.id, reason: "Again" }))).kind).toBe("conflict");
  });

  it("a job is cancelled for matching and out of reach for everyone, its open request ended; twice is a 409", async () => {
    const operator = await user({ isOperator: true });
    const scammer = await user();
    const nearby = await provider();
    const asked = await provider();
    const job = await postJobIn(db, scammer.id, { categoryId: "repair", title: "Wire money first", description: "Scam" });
    const request = await requestProviderIn(db, scammer.id, {
      providerId: asked.id,
      categoryId: "repair",
      title: "Also a scam",
      description: "x",
      when: "asap",
    });
    expect((await listAvailableJobs(db, nearby)).map((j) => j.id)).toContain(job.id);

    await hideContentIn(db, operator, { targetType: "job", targetId: job.id, reason: "Scam" });
    const [row] = await db.select().from(t.jobs).where(eq(t.jobs.id, job.id));
    expect(row).toMatchObject({ status: "cancelled", hiddenFor: "operator" });
    expect((await listAvailableJobs(db, nearby)).map((j) => j.id)).not.toContain(job.id);
    expect(await getJobForViewer(db, job.id, nearby.id)).toBeNull();
    expect(await getJobForViewer(db, job.id, scammer.id)).toBeNull();
    expect((await listSeekerJobs(db, scammer.id)).map((j) => j.id)).not.toContain(job.id);
    const accept = await refusal(acceptJobIn(db, nearby, { jobId: job.id }));
    expect(accept.kind).not.toBe("invalid");
    expect(await listAuditLog(db, { targetId: job.id })).toMatchObject([{ action: "job.hide", targetUserId: scammer.id, reason: "Scam" }]);
    const again = await refusal(hideContentIn(db, operator, { targetType: "job", targetId: job.id, reason: "Again" }));
    expect([again.kind, again.message]).toEqual(["conflict", ALREADY_HIDDEN.job]);

    await hideContentIn(db, operator, { targetType: "job", targetId: request.jobId, reason: "Scam too" });
    const [ended] = await db.select().from(t.bookings).where(eq(t.bookings.id, request.id));
    expect(ended).toMatchObject({ status: "cancelled", cancellationReason: JOB_REMOVED_REASON });
    const told = await db.select().from(t.notifications).where(eq(t.notifications.userId, asked.id));
    expect(told.map((n) => n.message)).toContain(JOB_REMOVED_REASON);
    expect(JSON.stringify(told)).not.toContain("Scam too");
  });

  it("refuses unknown content with a 404", async () => {
    const operator = await user({ isOperator: true });
    const missing = await refusal(hideContentIn(db, operator, { targetType: "job", targetId: crypto.randomUUID(), reason: "x" }));
    expect(missing.kind).toBe("not_found");
  });
});

describe("suspending a reported author", () => {
  it("suspends the content's author and closes the target's reports as actioned", async () => {
    const operator = await user({ isOperator: true });
    const [reporter, author] = [await user(), await user()];
    const job = await postJobIn(db, author.id, { categoryId: "repair", title: "Fake job", description: "Spam" });
    await report(reporter.id, { type: "job", id: job.id, userId: author.id }, "spam");

    const suspended = await suspendAuthorIn(db, operator, { targetType: "job", targetId: job.id, reason: "Spammer", days: 30 });
    expect(suspended).toMatchObject({ id: author.id, suspensionReason: "Spammer" });
    expect((await reportsOf(job.id)).map((r) => [r.status, r.resolvedBy])).toEqual([["actioned", operator.id]]);
    expect((await listAuditLog(db, { targetUserId: author.id })).map((e) => e.action)).toEqual(["user.suspend"]);
    const again = await refusal(suspendAuthorIn(db, operator, { targetType: "job", targetId: job.id, reason: "Again" }));
    expect(again.kind).toBe("conflict");
  });
});
