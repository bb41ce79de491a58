import "server-only";
import { availableTransitions, type BookingParty } from "~/lib/booking-lifecycle";
import {
  acceptJob as storeAcceptance,
  createBookingSchema,
  getBookingForParty,
  listMyBookings,
  transitionBooking,
  updateBookingStatusSchema,
  type Booking,
  type BookingDetail,
  type BookingListItem,
  type PaymentMethod,
} from "~/models/booking.server";
import { notFound } from "~/models/errors";
import { createReview, createReviewSchema, findReviewBy, type CreateReviewInput, type Review } from "~/models/review.server";
import type { User } from "~/models/user.server";
import { getDb } from "~/services/db.server";
import { spendRateLimit, userKey } from "~/services/rate-limit.server";

/** POST /api/bookings' body (spec §7: jobId, seekerId, agreedPrice, paymentMethod, paymentStatus, scheduledAt). */
export const acceptJobInput = createBookingSchema;

/**
 * A provider accepts a posted job (spec §4, §6): online, within reach, not their own, not one they cancelled; the
 * first of two providers wins, the database settles the race (409 for the other). The booking, with the seeker
 * notified. Every booking move, from the API or a page, spends the actor's `bookings` limit (decision 0062).
 */
export async function acceptJob(actor: Pick<User, "id" | "currentRole">, input: { jobId: string; paymentMethod?: PaymentMethod; seekerId?: string }): Promise<Booking> {
  await spendRateLimit("bookings", userKey(actor.id));
  return storeAcceptance(await getDb(), actor, input);
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

/** PATCH /api/bookings/{id}/status's body and the booking page's status buttons (spec §7: {status}). */
export const moveInput = updateBookingStatusSchema;

/**
 * One move along the booking lifecycle (app/lib/booking-lifecycle.ts): only its parties (404 otherwise), only
 * the moves the table gives that party (403, or 409 naming the status); the job follows in the same transaction.
 * A provider's cancellations of accepted bookings are counted and capped (decision 0062).
 */
export async function moveBooking(actor: Pick<User, "id">, bookingId: string, to: Booking["status"]): Promise<Booking> {
  await spendRateLimit("bookings", userKey(actor.id));
  return transitionBooking(await getDb(), bookingId, actor.id, to);
}

/** POST /api/reviews' body (spec §7: bookingId, revieweeId, rating, comment?). */
export const reviewInput = createReviewSchema;

/** A party reviews the other once the booking is completed (409 for a second review); the reviewee's rating follows. */
export async function reviewBooking(actor: Pick<User, "id">, input: CreateReviewInput): Promise<Review> {
  return createReview(await getDb(), actor.id, input);
}

/** The booking page's review form: the reviewee is always the other party, never a value from the form. */
export async function reviewOtherParty(actor: Pick<User, "id">, bookingId: string, review: { rating: number; comment?: string }): Promise<Review> {
  const booking = await bookingFor(actor, bookingId);
  const revieweeId = booking.providerId === actor.id ? booking.seekerId : booking.providerId;
  return reviewBooking(actor, { bookingId: booking.id, revieweeId, ...review });
}

/** What the viewer of a booking may do there, decided once here and read by the page. */
export interface BookingActions {
  party: BookingParty;
  /** The lifecycle moves the table gives this party now, cancelling apart. */
  moves: { to: Booking["status"]; action: string }[];
  canCancel: boolean;
  canReview: boolean;
  /** The spec's payment notice (not configured): the seeker of a booking still to pay. */
  canPay: boolean;
  /** What the viewer is waiting for when no button is theirs. */
  waitingNote: string | null;
}

export function allowedActions(actor: Pick<User, "id">, booking: Booking, myReview: Review | null): BookingActions {
  const party: BookingParty = booking.providerId === actor.id ? "provider" : "seeker";
  const transitions = availableTransitions(booking.status, party).map(({ to, action }) => ({ to, action }));
  return {
    party,
    moves: transitions.filter((t) => t.to !== "cancelled"),
    canCancel: transitions.some((t) => t.to === "cancelled"),
    canReview: booking.status === "completed" && !myReview,
    canPay: party === "seeker" && booking.status !== "cancelled" && booking.paymentStatus === "pending",
    waitingNote: waitingNote(booking.status, party),
  };
}

function waitingNote(status: Booking["status"], party: BookingParty): string | null {
  if (party === "seeker" && status === "accepted") return "Waiting for the provider to start the job.";
  if (party === "seeker" && status === "in_progress") return "The provider is working on it and will mark the job complete when done.";
  return null;
}

/** The booking page: the booking, both parties' reviews, and what the viewer may do; null when not theirs. */
export async function bookingPage(actor: Pick<User, "id">, bookingId: string) {
  const db = await getDb();
  const booking = await getBookingForParty(db, bookingId, actor.id);
  if (!booking) return null;
  const otherId = booking.providerId === actor.id ? booking.seekerId : booking.providerId;
  const [myReview, theirReview] = await Promise.all([findReviewBy(db, booking.id, actor.id), findReviewBy(db, booking.id, otherId)]);
  return { booking, myReview, theirReview, actions: allowedActions(actor, booking, myReview) };
}
