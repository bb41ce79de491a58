import "server-only";

import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction, publishEvent } from "~/infra/events.server";
import { spendRateLimit, userKey } from "~/infra/rate-limit.server";
import {
  availableTransitions,
  bookingEnding,
  findTransition,
  jobStatusAfterMove,
  refusal as moveRefusal,
  owesPayment,
  partyOf,
  requestGone,
  REVIEWABLE_BOOKING_STATUS,
  takesMessages,
  waitingNote,
  type BookingParty,
  type BookingTransition,
} from "~/lib/booking-process";
import { conflict, DomainError, forbidden, invalid, notFound, RateLimited } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { ACCEPT_JOB, acceptRefusal, JOB_ALREADY_ACCEPTED, ONLY_PROVIDERS_ACCEPT, TOO_MANY_CANCELLATIONS } from "~/lib/job-process";
import { bookingMoveSchema } from "~/lib/schemas/booking-request";
import {
  cancellationWait,
  clashingBookings,
  countCompletedJob,
  createBookingSchema,
  displayName,
  getBookingForParty,
  insertAcceptedBooking,
  listMyBookings,
  lockBookingForParty,
  lockProviderCancellations,
  writeBookingMove,
  type Booking,
  type BookingDetail,
  type BookingListItem,
  type PaymentMethod,
} from "~/models/booking.server";
import { acceptanceFacts, claimPostedJob, jobAfterBookingMove, providerStanding, publishJobUpdate, requestOf } from "~/models/job.server";
import { notify } from "~/models/notification.server";
import {
  ALREADY_REVIEWED,
  bookingToReview,
  createReviewSchema,
  findReviewBy,
  insertReviewAndRecount,
  reviewNotice,
  type CreateReviewInput,
  type Review,
} from "~/models/review.server";
import type { User } from "~/models/user.server";

/** POST /api/bookings' body (spec §7: jobId, seekerId, agreedPrice, paymentMethod, paymentStatus, scheduledAt). */
export const acceptJobInput = createBookingSchema;

/**
 * A provider accepts a posted job (spec §4, §6): online, within reach, not their own, not one they cancelled; the
 * first of two providers wins, the database settles the race (409 for the other). The booking, with the seeker
 * notified. Every booking move, from the API or a page, spends the actor's `bookings` limit (decision 0062).
 */
export async function acceptJob(
  actor: Pick<User, "id" | "currentRole">,
  input: { jobId: string; paymentMethod?: PaymentMethod; seekerId?: string },
): Promise<Booking> {
  await spendRateLimit("bookings", userKey(actor.id));
  return acceptJobIn(await getDb(), actor, input);
}

/**
 * The accept step of the job process (`app/lib/job-process.ts`), in one transaction: the provider's row is read
 * share-locked (going offline waits for it); a provider at their daily allowance of cancellations accepts nothing
 * until it frees up (429); the job moves from posted to matched by a conditional update whose conditions are the
 * process's (so of concurrent accepts exactly one wins); the booking is created accepted, the seeker notified in the
 * transaction, the live events sent once it commits. A refused accept names the process's first reason, as the
 * database has the facts (unknown job 404, taken 409, their own 403, cancelled before 409, offline 403, too far 403).
 */
export async function acceptJobIn(
  db: Executor,
  provider: Pick<User, "id" | "currentRole">,
  input: { jobId: string; paymentMethod?: PaymentMethod; seekerId?: string },
): Promise<Booking> {
  if (provider.currentRole !== ACCEPT_JOB.by) throw forbidden(ONLY_PROVIDERS_ACCEPT);
  if (!isUuid(input.jobId)) throw notFound("Job not found");
  return inTransaction(db, async (tx) => {
    const standing = await providerStanding(tx, provider.id, { lock: true });
    const wait = await cancellationWait(tx, provider.id);
    if (wait !== null) throw new RateLimited(wait, TOO_MANY_CANCELLATIONS);
    const job = standing.online ? await claimPostedJob(tx, input.jobId, provider.id, standing) : undefined;
    if (!job) {
      const facts = await acceptanceFacts(tx, input.jobId, provider.id, standing);
      if (!facts) throw notFound("Job not found");
      const refused = acceptRefusal(facts);
      // Every condition held when read again: another accept won between the update and this read.
      throw refused ? new DomainError(refused.kind, refused.message) : conflict(JOB_ALREADY_ACCEPTED);
    }
    if (input.seekerId && input.seekerId !== job.seekerId) throw invalid("seekerId does not match the job's seeker");
    const booking = await insertAcceptedBooking(tx, job, provider.id, input.paymentMethod);
    const { notice } = ACCEPT_JOB;
    const name = await displayName(tx, provider.id);
    await notify(tx, [
      { userId: job.seekerId, type: notice.type, title: notice.title, message: `${name} ${notice.verb} "${job.title}"`, relatedId: booking.id },
    ]);
    await publishEvent(tx, { type: "booking_update", userIds: [job.seekerId, provider.id], data: { bookingId: booking.id, jobId: job.id } });
    await publishJobUpdate(tx, job);
    return booking;
  });
}

/** The actor's bookings on either side, newest first, each with every column and its job (spec §3). */
export async function myBookings(actor: Pick<User, "id">): Promise<BookingListItem[]> {
  return listMyBookings(await getDb(), actor.id);
}

/** A booking with its job and both parties, for one of its parties (404 to anyone else). */
export async function bookingFor(actor: Pick<User, "id">, bookingId: string): Promise<BookingDetail> {
  const booking = await findBookingFor(actor, bookingId);
  if (!booking) throw notFound("Booking not found");
  return booking;
}

/** The same for a page that shows 'Booking not found' itself: null when the actor is no party of it. */
export async function findBookingFor(actor: Pick<User, "id">, bookingId: string): Promise<BookingDetail | null> {
  return getBookingForParty(await getDb(), bookingId, actor.id);
}

/** PATCH /api/bookings/{id}/status's body and the booking page's status buttons (spec §7: {status}; a reason when cancelling). */
export const moveInput = bookingMoveSchema;

/**
 * One move along the booking process (app/lib/booking-process.ts): only its parties (404 otherwise), only the moves
 * the process gives that party (403, or 409 naming the status); the job follows in the same transaction. A
 * provider's cancellations of accepted bookings are counted and capped (decision 0062). The booking, and the move
 * made (its toast is the page's).
 */
export async function moveBooking(
  actor: Pick<User, "id">,
  bookingId: string,
  to: Booking["status"],
  reason?: string,
): Promise<{ booking: Booking; step: BookingTransition }> {
  await spendRateLimit("bookings", userKey(actor.id));
  return moveBookingStep(await getDb(), bookingId, actor.id, to, reason);
}

/** The move, answering the moved booking (the API's and the tests' form of `moveBooking`). */
export async function moveBookingIn(db: Executor, bookingId: string, userId: string, to: Booking["status"], reason?: string): Promise<Booking> {
  return (await moveBookingStep(db, bookingId, userId, to, reason)).booking;
}

/**
 * The move, in one transaction: the booking is read locked for one of its parties; the process says whether this
 * party may make it (a request already answered, withdrawn or lapsed says which, 409); a provider backing out is
 * held to their allowance (the count serialised on their row, 429 past it); the booking moves on condition it is
 * still where it was read, and a request only before it lapses (409 otherwise); a cancellation keeps who and why;
 * the job follows, a completion counts on the provider's row, the other party is notified (with the reason), all in
 * the transaction; the live events leave once it commits.
 */
async function moveBookingStep(
  db: Executor,
  bookingId: string,
  userId: string,
  to: Booking["status"],
  reason?: string,
): Promise<{ booking: Booking; step: BookingTransition }> {
  if (!isUuid(bookingId)) throw notFound("Booking not found");
  return inTransaction(db, async (tx) => {
    const current = await lockBookingForParty(tx, bookingId, userId);
    if (!current) throw notFound("Booking not found");
    const party = partyOf(current, userId);
    const wasRequest = current.expiresAt !== null;
    const refused = moveRefusal(current.status, to, party);
    if (refused) throw new DomainError(refused.kind, refused.kind === "conflict" && wasRequest ? requestGone(current) : refused.message);
    const step = findTransition(current.status, to, party)!;
    if (step.withdrawal) {
      await lockProviderCancellations(tx, userId);
      const wait = await cancellationWait(tx, userId);
      if (wait !== null) throw new RateLimited(wait, TOO_MANY_CANCELLATIONS);
    }
    const now = new Date();
    const cancellation = step.to === "cancelled" ? { by: userId, reason: reason?.trim() || null } : null;
    const moved = await writeBookingMove(tx, current, step, now, cancellation);
    if (!moved)
      throw conflict(
        current.status === "pending"
          ? requestGone({ ...current, cancelledBy: null })
          : `This booking is no longer ${current.status.replace("_", " ")}`,
      );
    const job = await jobAfterBookingMove(tx, current.jobId, jobStatusAfterMove(step, await requestOf(tx, current.jobId)), now);
    if (step.countsCompletedJob) await countCompletedJob(tx, current.providerId, now);
    const { notice } = step;
    const other = party === "provider" ? current.seekerId : current.providerId;
    const because = cancellation?.reason ? `: "${cancellation.reason}"` : "";
    await notify(tx, [
      {
        userId: other,
        type: notice.type,
        title: notice.title,
        message: `${await displayName(tx, userId)} ${notice.verb} "${job.title}"${because}`,
        relatedId: current.id,
      },
    ]);
    await publishEvent(tx, {
      type: "booking_update",
      userIds: [current.seekerId, current.providerId],
      data: { bookingId: current.id, jobId: job.id },
    });
    await publishJobUpdate(tx, job);
    return { booking: moved, step };
  });
}

/**
 * The seeker withdrew a request's job (DELETE /api/jobs/{id}, "Cancel job"): its pending booking is withdrawn in the
 * same transaction, as the seeker's "Cancel request" would, and the provider told.
 */
export async function withdrawRequestWithJob(tx: Executor, request: Booking): Promise<void> {
  const step = findTransition("pending", "cancelled", "seeker")!;
  const now = new Date();
  const moved = await writeBookingMove(tx, request, step, now, { by: request.seekerId, reason: null });
  if (!moved) return;
  const { title } = await jobAfterBookingMove(tx, request.jobId, null, now);
  await notify(tx, [
    {
      userId: request.providerId,
      type: step.notice.type,
      title: step.notice.title,
      message: `${await displayName(tx, request.seekerId)} ${step.notice.verb} "${title}"`,
      relatedId: request.id,
    },
  ]);
  await publishEvent(tx, {
    type: "booking_update",
    userIds: [request.seekerId, request.providerId],
    data: { bookingId: request.id, jobId: request.jobId },
  });
}

/** POST /api/reviews' body (spec §7: bookingId, revieweeId, rating, comment?). */
export const reviewInput = createReviewSchema;

/** A party reviews the other once the booking is completed (409 for a second review); the reviewee's rating follows. */
export async function reviewBooking(actor: Pick<User, "id">, input: CreateReviewInput): Promise<Review> {
  return reviewBookingIn(await getDb(), actor.id, input);
}

/**
 * The review, in one transaction: only a party of the booking (404), only once it is completed (409), only of the
 * other party (400); stored with the reviewee's rating recomputed (a second review: 409), the reviewee notified.
 */
export async function reviewBookingIn(db: Executor, reviewerId: string, input: CreateReviewInput): Promise<Review> {
  return inTransaction(db, async (tx) => {
    const booking = await bookingToReview(tx, input.bookingId, reviewerId);
    if (!booking) throw notFound("Booking not found");
    if (booking.status !== REVIEWABLE_BOOKING_STATUS) {
      throw conflict(`You can review a booking once it is completed; this one is ${booking.status.replace("_", " ")}`);
    }
    const revieweeId = booking.seekerId === reviewerId ? booking.providerId : booking.seekerId;
    if (input.revieweeId !== revieweeId) throw invalid("revieweeId must be the other party of the booking");
    const review = await insertReviewAndRecount(tx, { bookingId: booking.id, reviewerId, revieweeId, rating: input.rating, comment: input.comment });
    if (!review) throw conflict(ALREADY_REVIEWED);
    await notify(tx, [await reviewNotice(tx, review, booking.jobId)]);
    return review;
  });
}

/** The booking page's review form: the reviewee is always the other party, never a value from the form. */
export async function reviewOtherParty(actor: Pick<User, "id">, bookingId: string, review: { rating: number; comment?: string }): Promise<Review> {
  const booking = await bookingFor(actor, bookingId);
  const revieweeId = booking.providerId === actor.id ? booking.seekerId : booking.providerId;
  return reviewBooking(actor, { bookingId: booking.id, revieweeId, ...review });
}

/** What the viewer of a booking may do there, decided once here from the booking process and read by the page. */
export interface BookingActions {
  party: BookingParty;
  /** The moves the process gives this party now, cancelling apart. */
  moves: { to: Booking["status"]; action: string }[];
  canCancel: boolean;
  /** What cancelling is here: an accepted booking cancelled, a request declined or withdrawn. */
  cancelKind: "booking" | "decline" | "withdraw";
  canReview: boolean;
  /** The spec's payment notice (not configured): the seeker of a booking still to pay. */
  canPay: boolean;
  /** What the viewer is waiting for when no button is theirs. */
  waitingNote: string | null;
  /** A cancelled booking takes no messages: no 'Message' link. */
  canMessage: boolean;
}

export function allowedActions(actor: Pick<User, "id">, booking: Booking, myReview: Review | null): BookingActions {
  const party = partyOf(booking, actor.id);
  const transitions = availableTransitions(booking.status, party).map(({ to, action }) => ({ to, action }));
  return {
    party,
    moves: transitions.filter((t) => t.to !== "cancelled"),
    canCancel: transitions.some((t) => t.to === "cancelled"),
    cancelKind: booking.status !== "pending" ? "booking" : party === "provider" ? "decline" : "withdraw",
    canReview: booking.status === REVIEWABLE_BOOKING_STATUS && !myReview,
    canPay: owesPayment(booking, party),
    waitingNote: waitingNote(booking.status, party),
    canMessage: takesMessages(booking.status),
  };
}

/**
 * The booking page: the booking, both parties' reviews, and what the viewer may do; how it ended, if it did; for
 * the provider of a request, their bookings close to its time (a warning, not a refusal); for the seeker of a
 * request that ended unanswered, whether its job may go to every provider. Null when not theirs.
 */
export async function bookingPage(actor: Pick<User, "id">, bookingId: string) {
  const db = await getDb();
  const booking = await getBookingForParty(db, bookingId, actor.id);
  if (!booking) return null;
  const party = partyOf(booking, actor.id);
  const otherId = party === "provider" ? booking.seekerId : booking.providerId;
  const answering = party === "provider" && booking.status === "pending" && booking.scheduledAt;
  const [myReview, theirReview, clashes] = await Promise.all([
    findReviewBy(db, booking.id, actor.id),
    findReviewBy(db, booking.id, otherId),
    answering ? clashingBookings(db, actor.id, { start: booking.scheduledAt!, end: booking.scheduledEndAt }, booking.id) : [],
  ]);
  const ending = bookingEnding(booking);
  const canRepost = party === "seeker" && ending !== null && booking.job.status === "cancelled" && booking.job.requestedProviderId !== null;
  // A review an operator hid is gone from the page (issue 34), though it still stands in the way of a second one.
  const shown = (review: Review | null) => (review?.hiddenAt ? null : review);
  return {
    booking,
    myReview: shown(myReview),
    theirReview: shown(theirReview),
    actions: allowedActions(actor, booking, myReview),
    ending,
    clashes,
    canRepost,
  };
}
