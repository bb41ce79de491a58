import { z } from "zod";

import { CANCELLATION_REASON_MAX } from "../booking-process.ts";
import { BOOKING_STATUSES } from "../statuses.ts";
import { multiLineText } from "../text-fields.ts";
import { postJobFormSchema } from "./job.ts";

// A direct request's "When" (issue 33 §2): as soon as possible, or a date and a time window in the market's time
// zone, the same fields for the request form (conform, both sides) and POST /api/bookings/requests.

export const REQUEST_WHEN = ["asap", "scheduled"] as const;
export type RequestWhen = (typeof REQUEST_WHEN)[number];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar day written YYYY-MM-DD ("2026-02-31" is not one). */
function isCalendarDay(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const requestWhenFields = {
  when: z.enum(REQUEST_WHEN, { error: 'when must be "asap" or "scheduled"' }).default("asap"),
  date: z
    .string({ error: "Pick a date" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Pick a date (YYYY-MM-DD)")
    .refine(isCalendarDay, "Pick a date that exists")
    .optional(),
  startTime: z.string({ error: "Pick a start time" }).regex(TIME, "Pick a start time (HH:MM)").optional(),
  endTime: z.string({ error: "Pick an end time" }).regex(TIME, "Pick an end time (HH:MM)").optional(),
};

/** A scheduled request names its day and both ends of its window. */
export function requireWindow(value: { when: RequestWhen; date?: string; startTime?: string; endTime?: string }, ctx: z.RefinementCtx): void {
  if (value.when !== "scheduled") return;
  if (!value.date) ctx.addIssue({ code: "custom", path: ["date"], message: "Pick a date" });
  if (!value.startTime) ctx.addIssue({ code: "custom", path: ["startTime"], message: "Pick a start time" });
  if (!value.endTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: "Pick an end time" });
}

/** The request form: the job form of the wizard's step 3 plus the provider and "When". */
export const requestFormSchema = postJobFormSchema
  .extend({ providerId: z.uuid({ error: "providerId must be a provider id" }), ...requestWhenFields })
  .superRefine(requireWindow);
export type RequestForm = z.infer<typeof requestFormSchema>;
export type RequestFormInput = z.input<typeof requestFormSchema>;

/** Why a booking is cancelled or a request declined: optional, shown to the other party. */
export const cancellationReason = multiLineText("Reason")
  .max(CANCELLATION_REASON_MAX, `Reason must be at most ${CANCELLATION_REASON_MAX} characters`)
  .optional();

/** PATCH /api/bookings/{id}/status: spec §7's {status}, and a reason when cancelling or declining. */
export const bookingMoveSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(", ")}` }),
  reason: cancellationReason,
});
