import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  bookingTimeline,
  owesPayment,
  STATUS_NOTICES,
  takesMessages,
  waitingNote,
  type BookingParty,
} from "~/lib/booking-process";
import {
  ACCEPT_JOB,
  acceptRefusal,
  CANCEL_JOB,
  GO_ONLINE_TO_ACCEPT,
  JOB_ALREADY_ACCEPTED,
  JOB_CANCELLED_BEFORE,
  JOB_OUT_OF_REACH,
  mayCancelJob,
  OWN_JOB,
} from "~/lib/job-process";
import { JOB_STATUSES } from "~/lib/statuses";

import { acceptanceFacts, ownSituationRefusal } from "../support/acceptance-facts.ts";

// Spec §4 and §6 with decisions 0011, 0014 and 0062: every move of a booking and what comes with it.
const BOOKING_TABLE = [
  // from, to, by, button, job status after, timestamp, counts a completed job, withdrawal, notice type
  ["pending", "accepted", "provider", "Accept", "matched", null, false, false, "booking_accepted"],
  ["pending", "cancelled", "provider", "Decline", "cancelled", null, false, false, "booking_cancelled"],
  ["pending", "cancelled", "seeker", "Cancel request", "cancelled", null, false, false, "booking_cancelled"],
  ["accepted", "in_progress", "provider", "Start Job", "in_progress", "startedAt", false, false, "booking_accepted"],
  ["accepted", "cancelled", "provider", "Cancel booking", "posted", null, false, true, "booking_cancelled"],
  ["accepted", "cancelled", "seeker", "Cancel booking", "cancelled", null, false, false, "booking_cancelled"],
  ["in_progress", "completed", "provider", "Complete Job", "completed", "completedAt", true, false, "booking_accepted"],
] as const;

describe("the booking process", () => {
  it("is exactly the table of spec §4/§6 and decisions 0014, 0062", () => {
    expect(
      BOOKING_TRANSITIONS.map((t) => [
        t.from,
        t.to,
        t.by,
        t.action,
        t.jobStatus,
        t.stamp?.column ?? null,
        t.countsCompletedJob,
        t.withdrawal,
        t.notice.type,
      ]),
    ).toEqual(BOOKING_TABLE.map((row) => [...row]));
  });

  it("starts no move from the end states", () => {
    const froms = new Set(BOOKING_TRANSITIONS.map((t) => t.from));
    expect([...froms].sort()).toEqual(["accepted", "in_progress", "pending"]);
  });

  it("gives only the provider Start Job and Complete Job (spec §6)", () => {
    for (const t of BOOKING_TRANSITIONS.filter((t) => t.to === "in_progress" || t.to === "completed")) expect(t.by).toBe("provider");
  });

  it("has one move per status, target and party", () => {
    const keys = BOOKING_TRANSITIONS.map((t) => `${t.from}->${t.to} by ${t.by}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("says what each party waits for", () => {
    expect(waitingNote("pending", "seeker")).toBe("Waiting for the provider to answer your request.");
    expect(waitingNote("accepted", "seeker")).toBe("Waiting for the provider to start the job.");
    expect(waitingNote("in_progress", "seeker")).toBe("The provider is working on it and will mark the job complete when done.");
    for (const status of BOOKING_STATUSES) expect(waitingNote(status, "provider")).toBeNull();
    for (const status of ["completed", "cancelled"] as const) expect(waitingNote(status, "seeker")).toBeNull();
  });

  it("keeps the notices the email alerts read", () => {
    expect(STATUS_NOTICES.completed).toEqual({ type: "booking_accepted", title: "Job completed", verb: "completed" });
    expect(STATUS_NOTICES.in_progress?.title).toBe("Job started");
    expect(STATUS_NOTICES.cancelled?.title).toBe("Booking cancelled");
  });

  it("draws the timeline from the stamped moves", () => {
    const createdAt = new Date(1);
    const startedAt = new Date(2);
    expect(bookingTimeline({ createdAt, startedAt, completedAt: null })).toEqual([
      { label: "Booking Created", at: createdAt },
      { label: "Job Started", at: startedAt },
      { label: "Job Completed", at: null },
    ]);
  });

  it("closes messages on a cancelled booking only, and the payment notice until a booking is accepted", () => {
    const parties: BookingParty[] = ["seeker", "provider"];
    fc.assert(
      fc.property(
        fc.constantFrom(...BOOKING_STATUSES),
        fc.constantFrom(...parties),
        fc.constantFrom("pending", "paid", "refunded"),
        (status, party, paymentStatus) => {
          expect(takesMessages(status)).toBe(status !== "cancelled");
          // Nothing is owed for a request nobody accepted yet, nor for a cancelled booking.
          const owes = party === "seeker" && status !== "cancelled" && status !== "pending" && paymentStatus === "pending";
          expect(owesPayment({ status, paymentStatus }, party)).toBe(owes);
        },
      ),
    );
  });

  it("moves the job only to statuses the job has", () => {
    for (const t of BOOKING_TRANSITIONS) if (t.jobStatus) expect(JOB_STATUSES).toContain(t.jobStatus);
  });
});

describe("the job process", () => {
  it("lets a provider accept a posted job into matched, creating an accepted booking (decision 0011)", () => {
    expect([ACCEPT_JOB.from, ACCEPT_JOB.to, ACCEPT_JOB.by, ACCEPT_JOB.bookingStatus]).toEqual(["posted", "matched", "provider", "accepted"]);
    expect(ACCEPT_JOB.toast).toEqual({ title: "Job accepted!", description: "You can now start working on this job." });
  });

  it("lets only the seeker cancel their own posted job", () => {
    expect([CANCEL_JOB.from, CANCEL_JOB.to, CANCEL_JOB.by]).toEqual(["posted", "cancelled", "seeker"]);
    fc.assert(
      fc.property(fc.constantFrom(...JOB_STATUSES), fc.boolean(), (status, own) => {
        expect(mayCancelJob("me", { seekerId: own ? "me" : "someone", status })).toBe(own && status === "posted");
      }),
    );
  });

  it("accepts only when every condition holds, and names the first that fails, in the model's order", () => {
    fc.assert(
      fc.property(acceptanceFacts, (f) => {
        const refused = acceptRefusal(f);
        const expected = f.status !== "posted" ? JOB_ALREADY_ACCEPTED : f.own ? OWN_JOB : ownSituationRefusal(f);
        expect(refused?.message ?? null).toBe(expected);
        // The page shows the provider's own situation instead of the button; taken or own jobs just have none.
        if (refused) expect(refused.shownOnPage).toBe([JOB_CANCELLED_BEFORE, GO_ONLINE_TO_ACCEPT, JOB_OUT_OF_REACH].includes(refused.message));
      }),
    );
  });
});
