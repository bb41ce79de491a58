import { describe, expect, it } from "vitest";

import {
  availableTransitions,
  BOOKING_STATUSES,
  findTransition,
  jobStatusAfterMove,
  refusal,
  requestGone,
  type BookingParty,
} from "~/lib/booking-process";

// A pending booking is a direct request (issue 33 §2): its provider answers it, its seeker may withdraw it.
const ALLOWED = new Set([
  "pending->accepted by provider",
  "pending->cancelled by provider",
  "pending->cancelled by seeker",
  "accepted->in_progress by provider",
  "accepted->cancelled by provider",
  "accepted->cancelled by seeker",
  "in_progress->completed by provider",
]);

describe("booking transitions", () => {
  const parties: BookingParty[] = ["seeker", "provider"];
  for (const from of BOOKING_STATUSES) {
    for (const to of BOOKING_STATUSES) {
      for (const by of parties) {
        const key = `${from}->${to} by ${by}`;
        it(`${key}: ${ALLOWED.has(key) ? "allowed" : "refused"}`, () => {
          const verdict = refusal(from, to, by);
          if (ALLOWED.has(key)) {
            expect(verdict).toBeNull();
          } else {
            expect(verdict).not.toBeNull();
            const otherAllowed = ALLOWED.has(`${from}->${to} by ${by === "seeker" ? "provider" : "seeker"}`);
            expect(verdict!.kind).toBe(otherAllowed ? "forbidden" : "conflict");
            if (!otherAllowed) expect(verdict!.message).toContain(`is ${from.replace("_", " ")}`);
          }
        });
      }
    }
  }

  it("offers the provider Start Job on accepted and Complete Job in progress; nothing after completion", () => {
    expect(availableTransitions("accepted", "provider").map((t) => t.action)).toEqual(["Start Job", "Cancel booking"]);
    expect(availableTransitions("in_progress", "provider").map((t) => t.action)).toEqual(["Complete Job"]);
    expect(availableTransitions("in_progress", "seeker")).toEqual([]);
    expect(availableTransitions("completed", "provider")).toEqual([]);
    expect(availableTransitions("cancelled", "seeker")).toEqual([]);
  });

  it("offers the requested provider Accept and Decline, the seeker only withdrawing", () => {
    expect(availableTransitions("pending", "provider").map((t) => t.action)).toEqual(["Accept", "Decline"]);
    expect(availableTransitions("pending", "seeker").map((t) => t.action)).toEqual(["Cancel request"]);
  });

  it("moves the job along with its booking; a request's job ends rather than going back to everyone", () => {
    const job = (
      from: "pending" | "accepted" | "in_progress",
      to: "accepted" | "in_progress" | "completed" | "cancelled",
      by: BookingParty,
      requested: boolean,
    ) => jobStatusAfterMove(findTransition(from, to, by)!, { requestedProviderId: requested ? "p" : null });
    expect(job("accepted", "in_progress", "provider", false)).toBe("in_progress");
    expect(job("in_progress", "completed", "provider", false)).toBe("completed");
    expect(job("accepted", "cancelled", "provider", false)).toBe("posted");
    expect(job("accepted", "cancelled", "provider", true)).toBe("cancelled");
    expect(job("accepted", "cancelled", "seeker", false)).toBe("cancelled");
    expect(job("pending", "accepted", "provider", true)).toBe("matched");
    expect(job("pending", "cancelled", "provider", true)).toBe("cancelled");
  });

  it("says why a request can no longer be answered", () => {
    const request = { seekerId: "s", expiresAt: new Date() };
    expect(requestGone({ ...request, status: "accepted", cancelledBy: null })).toBe("This request was already accepted");
    expect(requestGone({ ...request, status: "cancelled", cancelledBy: null })).toBe("This request has expired");
    expect(requestGone({ ...request, status: "cancelled", cancelledBy: "s" })).toBe("The client withdrew this request");
    expect(requestGone({ ...request, status: "cancelled", cancelledBy: "p" })).toBe("This request was declined");
  });
});
