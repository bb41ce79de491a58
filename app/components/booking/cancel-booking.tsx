"use client";

import { ConfirmStep } from "~/components/confirm-step";

interface CancelBookingProps {
  bookingId: string;
  /** Who is cancelling: the consequence differs (decision 0014). */
  party: "seeker" | "provider";
  /** True when the URL asks for the confirm step (`?confirm=cancel`, the no-JS path). */
  confirming: boolean;
}

/** 'Cancel booking' with a confirm step; the form posts intent=status&status=cancelled to the booking page. */
export function CancelBooking({ bookingId, party, confirming }: CancelBookingProps) {
  const bookingPath = `/bookings/${bookingId}`;
  return (
    <ConfirmStep
      trigger="Cancel booking"
      triggerClassName="inline-flex w-full items-center justify-center gap-1.5 rounded-md border border-red-200 bg-white px-4 py-2.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 sm:w-auto"
      confirmHref={`${bookingPath}?confirm=cancel#booking-actions`}
      keepHref={bookingPath}
      confirming={confirming}
      question="Cancel this booking?"
      consequence={
        party === "seeker"
          ? "The job will be withdrawn and the provider notified. This cannot be undone."
          : "The job goes back to other providers nearby and the client is notified. This cannot be undone."
      }
      action={bookingPath}
      fields={{ intent: "status", status: "cancelled" }}
      confirmText="Yes, cancel booking"
      pendingText="Updating..."
      keepText="Keep booking"
      questionId={`cancel-booking-${bookingId}-question`}
      testId="cancel-booking-confirm"
      className="w-full rounded-lg border border-red-200 bg-red-50 p-4"
    />
  );
}
