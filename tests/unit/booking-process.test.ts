import { describe, expect, it } from "vitest";

import { availableTransitions, BOOKING_STATUSES, jobStatusAfter, refusal, type BookingParty } from "~/lib/booking-process";

// Nothing creates a pending booking (decision 0011), so no move starts from pending (decision 0069).
const ALLOWED = new Set([
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

  it("moves the job along with its booking", () => {
    expect(jobStatusAfter("in_progress", "provider")).toBe("in_progress");
    expect(jobStatusAfter("completed", "provider")).toBe("completed");
    expect(jobStatusAfter("cancelled", "provider")).toBe("posted");
    expect(jobStatusAfter("cancelled", "seeker")).toBe("cancelled");
  });
});
