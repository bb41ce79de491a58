// The booking process as data (spec §4, §6 and decisions 0011, 0014, 0042, 0062): each move a booking can make,
// once, with who may make it, the status it leads to for the booking and for its job, the timestamp and counters
// it sets, the notice the other party gets, the toast the actor reads and what the other party waits for meanwhile.
// Pure: the operations enforce it, the models write what it says, the pages and components show it
// (decision 0069).

import { BOOKING_STATUSES, type BookingStatus, type JobStatus } from "./statuses.ts";

export { BOOKING_STATUSES, type BookingStatus };
export type BookingParty = "seeker" | "provider";

/** A column a move stamps with its time, and the timeline step that shows it. */
export interface BookingStamp {
  column: "startedAt" | "completedAt";
  timeline: "Job Started" | "Job Completed";
}

export interface BookingTransition {
  from: BookingStatus;
  to: BookingStatus;
  by: BookingParty;
  /** The button that makes the move. */
  action: "Start Job" | "Complete Job" | "Cancel booking" | "Accept" | "Decline" | "Cancel request";
  /** What the job's status becomes in the same transaction (null: it stays). */
  jobStatus: JobStatus | null;
  stamp: BookingStamp | null;
  /** Adds one to the provider's totalJobsCompleted (spec §3), in the same transaction. */
  countsCompletedJob: boolean;
  /** A provider backing out of an accepted booking: recorded and capped (decision 0062). */
  withdrawal: boolean;
  /**
   * The notice the other party gets. The spec has no type for a booking that starts or completes: it is the
   * accepted booking moving on (decision 0042).
   */
  notice: { type: "booking_accepted" | "booking_cancelled"; title: string; verb: string };
  /** The toast the actor reads on the booking page once the move is made. */
  toast: { title: string; description: string };
  /** What the other party reads while the booking waits for this move (null: nothing). */
  waiting: string | null;
}

const CANCELLED_NOTICE = { type: "booking_cancelled", title: "Booking cancelled", verb: "cancelled the booking for" } as const;

/**
 * Every move of a booking. A booking is created accepted when a provider accepts a job (decision 0011, the job
 * process in `job-process.ts`), or pending when a seeker asks one provider directly (a request, issue 33 §2): the
 * requested provider accepts or declines it, the seeker may withdraw it, and one nobody answers lapses
 * (`REQUEST_EXPIRY`, made by the system, not by a party).
 */
export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  {
    from: "pending",
    to: "accepted",
    by: "provider",
    action: "Accept",
    jobStatus: "matched",
    stamp: null,
    countsCompletedJob: false,
    withdrawal: false,
    notice: { type: "booking_accepted", title: "Request accepted", verb: "accepted your request for" },
    toast: { title: "Request accepted", description: "The booking is confirmed. The client has been told." },
    waiting: "Waiting for the provider to answer your request.",
  },
  {
    from: "pending",
    to: "cancelled",
    by: "provider",
    action: "Decline",
    // A request is the seeker's to send elsewhere: it does not go to every provider by itself.
    jobStatus: "cancelled",
    stamp: null,
    countsCompletedJob: false,
    withdrawal: false,
    notice: { type: "booking_cancelled", title: "Request declined", verb: "declined your request for" },
    toast: { title: "Request declined", description: "The client has been told." },
    waiting: null,
  },
  {
    from: "pending",
    to: "cancelled",
    by: "seeker",
    action: "Cancel request",
    jobStatus: "cancelled",
    stamp: null,
    countsCompletedJob: false,
    withdrawal: false,
    notice: { type: "booking_cancelled", title: "Request withdrawn", verb: "withdrew the request for" },
    toast: { title: "Request withdrawn", description: "The provider has been told." },
    waiting: null,
  },
  {
    from: "accepted",
    to: "in_progress",
    by: "provider",
    action: "Start Job",
    jobStatus: "in_progress",
    stamp: { column: "startedAt", timeline: "Job Started" },
    countsCompletedJob: false,
    withdrawal: false,
    notice: { type: "booking_accepted", title: "Job started", verb: "started work on" },
    toast: { title: "Status updated", description: "The job is now in progress." },
    waiting: "Waiting for the provider to start the job.",
  },
  {
    from: "accepted",
    to: "cancelled",
    by: "provider",
    action: "Cancel booking",
    // The provider backing out puts the job back on the market (decision 0014).
    jobStatus: "posted",
    stamp: null,
    countsCompletedJob: false,
    withdrawal: true,
    notice: CANCELLED_NOTICE,
    toast: { title: "Booking cancelled", description: "The job is back on the market for other providers." },
    waiting: null,
  },
  {
    from: "accepted",
    to: "cancelled",
    by: "seeker",
    action: "Cancel booking",
    // The seeker cancelling withdraws the job (decision 0014).
    jobStatus: "cancelled",
    stamp: null,
    countsCompletedJob: false,
    withdrawal: false,
    notice: CANCELLED_NOTICE,
    toast: { title: "Booking cancelled", description: "The job has been withdrawn." },
    waiting: null,
  },
  {
    from: "in_progress",
    to: "completed",
    by: "provider",
    action: "Complete Job",
    jobStatus: "completed",
    stamp: { column: "completedAt", timeline: "Job Completed" },
    countsCompletedJob: true,
    withdrawal: false,
    notice: { type: "booking_accepted", title: "Job completed", verb: "completed" },
    toast: { title: "Status updated", description: "The job is marked as completed." },
    waiting: "The provider is working on it and will mark the job complete when done.",
  },
];

/** A request nobody answered lapses: the booking is cancelled by nobody, its job with it, and the seeker told. */
export const REQUEST_EXPIRY = {
  from: "pending",
  to: "cancelled",
  jobStatus: "cancelled",
  notice: { type: "booking_cancelled", title: "Request expired", verb: "did not answer your request in time for" },
} as const satisfies { from: BookingStatus; to: BookingStatus; jobStatus: JobStatus; notice: BookingTransition["notice"] };

/**
 * The job's status after a move, for a job asked of one provider (a request): the provider backing out of an
 * accepted request does not put it before every provider, it ends it, and the seeker chooses what next.
 */
export function jobStatusAfterMove(step: Pick<BookingTransition, "jobStatus">, job: { requestedProviderId: string | null }): JobStatus | null {
  if (step.jobStatus === "posted" && job.requestedProviderId) return "cancelled";
  return step.jobStatus;
}

/** Why a request can no longer be answered, as its parties read it (409), from the booking as it now is. */
export function requestGone(booking: { status: BookingStatus; cancelledBy: string | null; seekerId: string; expiresAt: Date | null }): string {
  if (booking.status === "accepted" || booking.status === "in_progress" || booking.status === "completed") return "This request was already accepted";
  if (booking.status === "cancelled" && booking.cancelledBy === null) return "This request has expired";
  if (booking.status === "cancelled" && booking.cancelledBy === booking.seekerId) return "The client withdrew this request";
  if (booking.status === "cancelled") return "This request was declined";
  return "This request has expired";
}

/** How a cancelled booking ended, for its page: who ended it (null: it lapsed) and why. */
export interface BookingEnding {
  kind: "expired" | "declined" | "withdrawn" | "cancelled";
  by: BookingParty | null;
  reason: string | null;
}

/**
 * A request's booking keeps its expiry until it is accepted (accepting clears it): a cancelled booking that still has
 * one ended as a request — lapsed, declined or withdrawn; any other was cancelled after it was accepted.
 */
export function bookingEnding(booking: {
  status: BookingStatus;
  seekerId: string;
  cancelledBy: string | null;
  cancellationReason: string | null;
  expiresAt: Date | null;
}): BookingEnding | null {
  if (booking.status !== "cancelled") return null;
  const by = booking.cancelledBy === null ? null : booking.cancelledBy === booking.seekerId ? "seeker" : "provider";
  const reason = booking.cancellationReason;
  if (booking.expiresAt === null) return { kind: "cancelled", by, reason };
  if (by === null) return { kind: "expired", by, reason };
  return { kind: by === "provider" ? "declined" : "withdrawn", by, reason };
}

/** The longest reason a party may give for cancelling or declining. */
export const CANCELLATION_REASON_MAX = 500;

/**
 * A booking in one of these statuses is under way: its two parties see each other's phone number
 * (decision 0018) and its provider the job's exact address (decision 0039).
 */
export const ACTIVE_BOOKING_STATUSES = ["accepted", "in_progress"] as const satisfies readonly BookingStatus[];

/** The status a booking must have to be reviewed by its parties (spec §6). */
export const REVIEWABLE_BOOKING_STATUS = "completed" satisfies BookingStatus;

/** A cancelled booking takes no messages; its thread stays readable. */
export function takesMessages(status: BookingStatus): boolean {
  return status !== "cancelled";
}

/**
 * The seeker of a booking still to pay sees the spec's payment notice (not configured), unless it was cancelled or
 * is a request nobody has accepted yet.
 */
export function owesPayment(booking: { status: BookingStatus; paymentStatus: string }, party: BookingParty): boolean {
  return party === "seeker" && booking.status !== "cancelled" && booking.status !== "pending" && booking.paymentStatus === "pending";
}

/** How many accepted bookings a provider may cancel in CANCELLATION_WINDOW_HOURS (decision 0062). */
export const PROVIDER_CANCELLATIONS_PER_DAY = 3;
export const CANCELLATION_WINDOW_HOURS = 24;
/** A provider's cancellations after accepting are shown to others over this many days (decision 0062). */
export const CANCELLATION_HISTORY_DAYS = 90;

export function findTransition(from: BookingStatus, to: BookingStatus, by: BookingParty): BookingTransition | undefined {
  return BOOKING_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by === by);
}

/** The moves a party may make from a status (the buttons to show). */
export function availableTransitions(from: BookingStatus, by: BookingParty): BookingTransition[] {
  return BOOKING_TRANSITIONS.filter((t) => t.from === from && t.by === by);
}

/** Why a move is refused: 403 when only the other party may make it, 409 otherwise. */
export function refusal(from: BookingStatus, to: BookingStatus, by: BookingParty): { kind: "forbidden" | "conflict"; message: string } | null {
  if (findTransition(from, to, by)) return null;
  const other = otherParty(by);
  if (findTransition(from, to, other)) {
    return { kind: "forbidden", message: `Only the ${other === "provider" ? "service provider" : "client"} can do that` };
  }
  return { kind: "conflict", message: `This booking is ${from.replace("_", " ")} and cannot be moved to ${to.replace("_", " ")}` };
}

/** Which party of the booking the user is (the caller has checked they are one). */
export function partyOf(booking: { providerId: string }, userId: string): BookingParty {
  return booking.providerId === userId ? "provider" : "seeker";
}

export function otherParty(party: BookingParty): BookingParty {
  return party === "seeker" ? "provider" : "seeker";
}

/** What `party` waits for at `status`: the waiting text of the other party's next move, if it has one. */
export function waitingNote(status: BookingStatus, party: BookingParty): string | null {
  return BOOKING_TRANSITIONS.find((t) => t.from === status && t.by === otherParty(party) && t.waiting)?.waiting ?? null;
}

/** The notices a booking's other party gets, by the status the booking moved to (the email alerts read them). */
export const STATUS_NOTICES: Partial<Record<BookingStatus, BookingTransition["notice"]>> = Object.fromEntries(
  BOOKING_TRANSITIONS.filter((t) => t.from !== "pending").map((t) => [t.to, t.notice]),
);

/** The booking page's timeline: Booking Created, then each stamped move in the order of the process. */
export function bookingTimeline(booking: {
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}): { label: string; at: Date | null }[] {
  const stamps = BOOKING_TRANSITIONS.flatMap((t) => (t.stamp ? [t.stamp] : []));
  return [{ label: "Booking Created", at: booking.createdAt }, ...stamps.map((s) => ({ label: s.timeline, at: booking[s.column] }))];
}
