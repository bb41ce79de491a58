"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { CreditCard } from "~/components/icons";
import { LinkDialog } from "~/components/link-dialog";
import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { PAYMENT_DIALOG_TITLE, PAYMENT_NOT_CONFIGURED } from "./constants";

/** 'Pay now': a dialog, or without JavaScript the page's `?dialog=payment` section with the same notice. */
export function PayNowButton({ bookingId }: { bookingId: string }) {
  return (
    <LinkDialog
      href={`/bookings/${bookingId}?dialog=payment#payment`}
      trigger={
        <>
          <CreditCard className="h-4 w-4" aria-hidden />
          Pay now
        </>
      }
      triggerClassName="inline-flex w-full items-center justify-center gap-2 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:w-auto"
      triggerTestId="pay-now"
      title={PAYMENT_DIALOG_TITLE}
      description={PAYMENT_NOT_CONFIGURED}
      describedVisibly
      contentClassName="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
      testId="payment-dialog"
    >
      <div className="mt-6 flex justify-end">
        <Dialog.Close className={SECONDARY_BUTTON_CLASS}>Close</Dialog.Close>
      </div>
    </LinkDialog>
  );
}
