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
  action: "Start Job" | "Complete Job" | "Cancel booking";
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
 * process in `job-process.ts`); nothing creates a `pending` booking yet, so no move starts from it (decision 0069):
 * the request flow that creates one adds its rows here.
 */
export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
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

/** The seeker of a booking still to pay sees the spec's payment notice (not configured), unless it was cancelled. */
export function owesPayment(booking: { status: BookingStatus; paymentStatus: string }, party: BookingParty): boolean {
  return party === "seeker" && booking.status !== "cancelled" && booking.paymentStatus === "pending";
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

/** What the job's status becomes when its booking moves to `to` by `by` (same transaction); null: it stays. */
export function jobStatusAfter(to: BookingStatus, by: BookingParty): JobStatus | null {
  return BOOKING_TRANSITIONS.find((t) => t.to === to && t.by === by)?.jobStatus ?? null;
}

/** The toast of the move that left a booking in `to`, made by `by` (the booking page's success toast). */
export function toastAfter(to: BookingStatus, by: BookingParty): { title: string; description: string } | null {
  return BOOKING_TRANSITIONS.find((t) => t.to === to && t.by === by)?.toast ?? null;
}

/** What `party` waits for at `status`: the waiting text of the other party's next move, if it has one. */
export function waitingNote(status: BookingStatus, party: BookingParty): string | null {
  return BOOKING_TRANSITIONS.find((t) => t.from === status && t.by === otherParty(party) && t.waiting)?.waiting ?? null;
}

/** The notices a booking's other party gets, by the status the booking moved to (the email alerts read them). */
export const STATUS_NOTICES: Partial<Record<BookingStatus, BookingTransition["notice"]>> = Object.fromEntries(
  BOOKING_TRANSITIONS.map((t) => [t.to, t.notice]),
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
