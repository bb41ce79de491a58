// The booking lifecycle as data (spec §4 plus the cancellation rule of decision 0014):
// which party may move a booking from which status to which. Pure: shared by the
// server (enforcement) and the UI (which buttons to show).

import { BOOKING_STATUSES, type BookingStatus } from "./statuses";

export { BOOKING_STATUSES, type BookingStatus };
export type BookingParty = "seeker" | "provider";

export interface BookingTransition {
  from: BookingStatus;
  to: BookingStatus;
  by: BookingParty;
  /** The button that makes the move. */
  action: "Start Job" | "Complete Job" | "Cancel booking" | "Accept booking";
}

export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  { from: "pending", to: "accepted", by: "provider", action: "Accept booking" },
  { from: "pending", to: "cancelled", by: "provider", action: "Cancel booking" },
  { from: "pending", to: "cancelled", by: "seeker", action: "Cancel booking" },
  { from: "accepted", to: "in_progress", by: "provider", action: "Start Job" },
  { from: "accepted", to: "cancelled", by: "provider", action: "Cancel booking" },
  { from: "accepted", to: "cancelled", by: "seeker", action: "Cancel booking" },
  { from: "in_progress", to: "completed", by: "provider", action: "Complete Job" },
];


/**
 * A booking in one of these statuses is under way: its two parties see each other's phone number
 * (decision 0018) and its provider the job's exact address (decision 0039).
 */
export const ACTIVE_BOOKING_STATUSES = ["accepted", "in_progress"] as const satisfies readonly BookingStatus[];

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
  const other: BookingParty = by === "seeker" ? "provider" : "seeker";
  if (findTransition(from, to, other)) {
    return { kind: "forbidden", message: `Only the ${other === "provider" ? "service provider" : "client"} can do that` };
  }
  return { kind: "conflict", message: `This booking is ${from.replace("_", " ")} and cannot be moved to ${to.replace("_", " ")}` };
}

/** What the job's status becomes when its booking moves (same transaction). */
export function jobStatusAfter(to: BookingStatus, by: BookingParty): "matched" | "in_progress" | "completed" | "posted" | "cancelled" | null {
  switch (to) {
    case "accepted":
      return "matched";
    case "in_progress":
      return "in_progress";
    case "completed":
      return "completed";
    case "cancelled":
      // The provider backing out puts the job back on the market; the seeker cancelling withdraws it.
      return by === "provider" ? "posted" : "cancelled";
    default:
      return null;
  }
}
