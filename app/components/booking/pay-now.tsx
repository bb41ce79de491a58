"use client";

import { PAYMENT_DIALOG_TITLE, PAYMENT_NOT_CONFIGURED } from "~/components/booking/constants";
import { CreditCard } from "~/components/icons";
import { LinkDialog } from "~/components/link-dialog";

/** 'Pay now': a dialog, or without JavaScript the page's `?dialog=payment` section with the same notice. */
export function PayNowButton({ bookingId }: { bookingId: string }) {
  return (
    <LinkDialog
      href={`/bookings/${bookingId}?dialog=payment#payment`}
      icon={<CreditCard className="h-4 w-4" aria-hidden />}
      label="Pay now"
      tone="dark"
      triggerTestId="pay-now"
      title={PAYMENT_DIALOG_TITLE}
      description={PAYMENT_NOT_CONFIGURED}
      describedVisibly
      closeButton="Close"
      testId="payment-dialog"
    />
  );
}
