import { describe, expect, it } from "vitest";

import { NOTIFICATION_TYPES, notificationHref } from "../../app/lib/notifications.ts";

const ID = "6f1c2b9e-4d3a-4b8e-9c1d-2a3b4c5d6e7f";

describe("where a notification leads", () => {
  it("takes a booking request to the booking page, where the provider answers it", () => {
    expect(notificationHref("booking_request", ID)).toBe(`/bookings/${ID}`);
  });

  it("takes every booking notice and review to the booking, a message to its thread, a posted job to the job", () => {
    expect(notificationHref("booking_accepted", ID)).toBe(`/bookings/${ID}`);
    expect(notificationHref("booking_cancelled", ID)).toBe(`/bookings/${ID}`);
    expect(notificationHref("review", ID)).toBe(`/bookings/${ID}`);
    expect(notificationHref("message", ID)).toBe(`/messages?booking=${ID}`);
    expect(notificationHref("job_posted", ID)).toBe(`/jobs/${ID}`);
  });

  it("leads nowhere without a related id, and escapes one that is not a plain id", () => {
    for (const type of NOTIFICATION_TYPES) expect(notificationHref(type, null)).toBeNull();
    expect(notificationHref("booking_request", "a/b?c")).toBe("/bookings/a%2Fb%3Fc");
  });
});
