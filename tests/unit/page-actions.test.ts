import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { BOOKING_STATUSES } from "~/lib/booking-process";
import { JOB_STATUSES } from "~/lib/statuses";
import type { Booking } from "~/models/booking.server";
import { allowedActions } from "~/operations/bookings.server";
import { jobActions } from "~/operations/jobs.server";

import { acceptanceFacts, ownSituationRefusal } from "../support/acceptance-facts.ts";

// What the pages read: decided once by the operations from the process modules (decision 0069).
describe("jobActions", () => {
  it("offers Accept to a provider exactly when the database's facts allow it, and says why not when it is their situation", () => {
    fc.assert(
      fc.property(acceptanceFacts, (f) => {
        const job = { seekerId: f.own ? "me" : "seeker", status: f.status };
        const actions = jobActions({ id: "me", currentRole: "provider" }, job, f);
        const acceptable = f.status === "posted" && !f.own;
        expect(actions.canAccept).toBe(acceptable && !f.withdrawn && f.online && f.withinReach);
        const blocked = !acceptable ? null : ownSituationRefusal(f);
        expect(actions.acceptBlocked).toBe(blocked);
      }),
    );
  });

  it("offers nothing to accept to a seeker, and Cancel to the seeker of a posted job only", () => {
    for (const status of JOB_STATUSES) {
      for (const own of [true, false]) {
        const actions = jobActions({ id: "me", currentRole: "seeker" }, { seekerId: own ? "me" : "other", status }, null);
        expect(actions).toEqual({ isOwner: own, canAccept: false, acceptBlocked: null, canCancel: own && status === "posted" });
      }
    }
  });
});

describe("allowedActions", () => {
  const booking = (status: Booking["status"], paymentStatus: Booking["paymentStatus"] = "pending") =>
    ({ id: "b", seekerId: "s", providerId: "p", status, paymentStatus }) as Booking;

  it("gives the provider Start Job, then Complete Job; either party cancels before work starts", () => {
    expect(allowedActions({ id: "p" }, booking("accepted"), null)).toMatchObject({
      party: "provider",
      moves: [{ to: "in_progress", action: "Start Job" }],
      canCancel: true,
      waitingNote: null,
    });
    expect(allowedActions({ id: "s" }, booking("accepted"), null)).toMatchObject({
      party: "seeker",
      moves: [],
      canCancel: true,
      waitingNote: "Waiting for the provider to start the job.",
    });
    expect(allowedActions({ id: "p" }, booking("in_progress"), null)).toMatchObject({
      moves: [{ to: "completed", action: "Complete Job" }],
      canCancel: false,
    });
  });

  it("gives the requested provider Accept and Decline, the seeker only withdrawing, while a request is pending", () => {
    expect(allowedActions({ id: "p" }, booking("pending"), null)).toMatchObject({
      moves: [{ to: "accepted", action: "Accept" }],
      canCancel: true,
      cancelKind: "decline",
      waitingNote: null,
    });
    expect(allowedActions({ id: "s" }, booking("pending"), null)).toMatchObject({
      moves: [],
      canCancel: true,
      cancelKind: "withdraw",
      waitingNote: "Waiting for the provider to answer your request.",
    });
    expect(allowedActions({ id: "s" }, booking("accepted"), null).cancelKind).toBe("booking");
  });

  it("reviews only a completed booking not yet reviewed; no messages once cancelled, no payment before accepting or once cancelled", () => {
    for (const status of BOOKING_STATUSES) {
      const seeker = allowedActions({ id: "s" }, booking(status), null);
      expect(seeker.canReview).toBe(status === "completed");
      expect(seeker.canMessage).toBe(status !== "cancelled");
      expect(seeker.canPay).toBe(status !== "cancelled" && status !== "pending");
      expect(allowedActions({ id: "p" }, booking(status), null).canPay).toBe(false);
    }
    expect(allowedActions({ id: "s" }, booking("completed"), { id: "r" } as never).canReview).toBe(false);
  });
});
