"use client";

import { XCircle } from "~/components/icons";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";

interface CancelBookingProps {
  bookingId: string;
  /** Who is cancelling: the consequence differs (decision 0014). */
  party: "seeker" | "provider";
  /** True when the URL asks for the confirm step (`?confirm=cancel`, the no-JS path). */
  confirming: boolean;
}

/**
 * 'Cancel booking' with a confirm step. Without JavaScript the button is a
 * link to `?confirm=cancel`, which shows the question and the form; with it,
 * the question opens in place. Either way the form posts intent=status&status=cancelled.
 */
export function CancelBooking({ bookingId, party, confirming }: CancelBookingProps) {
  const [openHere, setOpenHere] = useState(false);
  const navigation = useNavigation();
  const bookingPath = `/bookings/${bookingId}`;
  const pending =
    navigation.state !== "idle" &&
    navigation.formAction === bookingPath &&
    navigation.formData?.get("intent") === "status" &&
    navigation.formData?.get("status") === "cancelled";
  const open = confirming || openHere;

  if (!open) {
    return (
      <Link
        to={`${bookingPath}?confirm=cancel#booking-actions`}
        onClick={(event) => {
          event.preventDefault();
          setOpenHere(true);
        }}
        preventScrollReset
        className="inline-flex w-full items-center justify-center gap-1.5 rounded-md border border-red-200 bg-white px-4 py-2.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 sm:w-auto"
      >
        <XCircle className="h-4 w-4" aria-hidden />
        Cancel booking
      </Link>
    );
  }

  const questionId = `cancel-booking-${bookingId}-question`;
  return (
    <div role="group" aria-labelledby={questionId} className="w-full rounded-lg border border-red-200 bg-red-50 p-4" data-testid="cancel-booking-confirm">
      <p id={questionId} className="text-sm font-semibold text-red-900">
        Cancel this booking?
      </p>
      <p className="mt-0.5 text-sm text-red-800">
        {party === "seeker"
          ? "The job will be withdrawn and the provider notified. This cannot be undone."
          : "The job goes back to other providers nearby and the client is notified. This cannot be undone."}
      </p>
      <Form method="post" action={bookingPath} className="mt-3 flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value="cancelled" />
        <button
          type="submit"
          disabled={pending}
          // The question was opened by a click: put the keyboard on the answer.
          autoFocus={openHere}
          className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60"
        >
          {pending ? "Updating..." : "Yes, cancel booking"}
        </button>
        <Link
          to={bookingPath}
          preventScrollReset
          onClick={(event) => {
            if (confirming) return; // the URL holds the question: navigate away from it
            event.preventDefault();
            setOpenHere(false);
          }}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Keep booking
        </Link>
      </Form>
    </div>
  );
}
