"use client";

import { Form, Link } from "react-router";

import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { usePendingSubmission } from "~/lib/use-pending-submission";

const ACCEPT_CLASS =
  "w-full rounded-md border border-transparent bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-ring disabled:opacity-60";

/**
 * A request's two answers on the dashboard: Accept posts the booking page's own form (intent=status,
 * status=accepted), so it works without JavaScript and lands on the booking with its toast; Decline opens the
 * booking page's decline form, which asks for a reason. `describedBy` names the card's title, so each button says
 * which request it answers. A client island so the cards' payload carries the id, not the buttons' markup.
 */
export function RequestAnswer({ bookingId, describedBy }: { bookingId: string; describedBy: string }) {
  const action = `/bookings/${bookingId}`;
  const pending = usePendingSubmission(action, { intent: "status", status: "accepted" });
  return (
    <div className="mt-auto grid grid-cols-2 gap-2 pt-3 sm:flex">
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value="accepted" />
        <button type="submit" disabled={pending} aria-describedby={describedBy} data-testid="accept-request" className={ACCEPT_CLASS}>
          {pending ? "Accepting..." : "Accept"}
        </button>
      </Form>
      <Link
        to={`${action}?confirm=decline#booking-actions`}
        aria-describedby={describedBy}
        data-testid="decline-request"
        className={`block ${SECONDARY_BUTTON_CLASS}`}
      >
        Decline
      </Link>
    </div>
  );
}
