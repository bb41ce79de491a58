"use client";

import { ConfirmStep } from "~/components/confirm-step";
import { CANCELLATION_REASON_MAX } from "~/lib/booking-process";

/** Which ending: an accepted booking cancelled, a request declined by its provider or withdrawn by its seeker. */
export type CancelKind = "booking" | "decline" | "withdraw";

interface CancelBookingProps {
  bookingId: string;
  /** Who is cancelling: the consequence differs (decision 0014). */
  party: "seeker" | "provider";
  kind: CancelKind;
  /** True when the URL asks for the confirm step (`?confirm=cancel` or `?confirm=decline`, the no-JS path). */
  confirming: boolean;
}

const WORDS = {
  booking: {
    trigger: "Cancel booking",
    question: "Cancel this booking?",
    confirm: "Yes, cancel booking",
    keep: "Keep booking",
    query: "cancel",
  },
  decline: { trigger: "Decline", question: "Decline this request?", confirm: "Yes, decline", keep: "Keep request", query: "decline" },
  withdraw: { trigger: "Cancel request", question: "Withdraw this request?", confirm: "Yes, withdraw", keep: "Keep request", query: "cancel" },
} as const;

function consequence(kind: CancelKind, party: "seeker" | "provider"): string {
  if (kind === "decline") return "The client is told, with your reason, and can send the job to other providers.";
  if (kind === "withdraw") return "The provider is told. You can then post the job to every provider nearby.";
  return party === "seeker"
    ? "The job will be withdrawn and the provider notified. This cannot be undone."
    : "The job goes back to other providers nearby and the client is notified. This cannot be undone.";
}

/**
 * Ending a booking with a confirm step and an optional reason shown to the other party; the form posts
 * intent=status&status=cancelled (and the reason) to the booking page.
 */
export function CancelBooking({ bookingId, party, kind, confirming }: CancelBookingProps) {
  const bookingPath = `/bookings/${bookingId}`;
  const words = WORDS[kind];
  return (
    <ConfirmStep
      trigger={words.trigger}
      triggerClassName="inline-flex w-full items-center justify-center gap-1.5 rounded-md border border-red-200 bg-white px-4 py-2.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 sm:w-auto"
      confirmHref={`${bookingPath}?confirm=${words.query}#booking-actions`}
      keepHref={bookingPath}
      confirming={confirming}
      question={words.question}
      consequence={consequence(kind, party)}
      action={bookingPath}
      fields={{ intent: "status", status: "cancelled" }}
      note={{ name: "reason", label: "Reason, shown to the other party", maxLength: CANCELLATION_REASON_MAX }}
      confirmText={words.confirm}
      pendingText="Updating..."
      keepText={words.keep}
      questionId={`cancel-booking-${bookingId}-question`}
      testId="cancel-booking-confirm"
      className="w-full rounded-lg border border-red-200 bg-red-50 p-4"
    />
  );
}
