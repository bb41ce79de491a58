"use client";

import { Form } from "react-router";

import { CheckCircle2, PlayCircle } from "~/components/icons";
import type { BookingStatus } from "~/lib/statuses";
import { usePendingSubmission } from "~/lib/use-pending-submission";

interface BookingStatusButtonProps {
  bookingId: string;
  /** The status the button moves the booking to. */
  to: BookingStatus;
  /** The button text from the lifecycle table ('Start Job', 'Complete Job', ...). */
  label: string;
}

/** One lifecycle move (Start Job, Complete Job): a real form posting to the booking page; "Updating..." while it runs. */
export function BookingStatusButton({ bookingId, to, label }: BookingStatusButtonProps) {
  const action = `/bookings/${bookingId}`;
  const pending = usePendingSubmission(action, { intent: "status", status: to });
  const Icon = to === "in_progress" ? PlayCircle : CheckCircle2;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={to} />
      <button
        type="submit"
        disabled={pending}
        aria-live="polite"
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-ring disabled:opacity-60 sm:w-auto"
      >
        <Icon className="h-5 w-5" aria-hidden />
        {pending ? "Updating..." : label}
      </button>
    </Form>
  );
}
