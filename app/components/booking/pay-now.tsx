"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { CreditCard, X } from "~/components/icons";
import { useState } from "react";
import { PAYMENT_DIALOG_TITLE, PAYMENT_NOT_CONFIGURED } from "./constants";

/**
 * 'Pay now'. Without JavaScript a link to `?dialog=payment`, where the page
 * shows the same notice as a section; with it, the dialog opens in place.
 */
export function PayNowButton({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {/* The trigger (asChild) gives focus back to the link when the dialog closes. */}
      <Dialog.Trigger asChild>
        <a
          href={`/bookings/${bookingId}?dialog=payment#payment`}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:w-auto"
          data-testid="pay-now"
        >
          <CreditCard className="h-4 w-4" aria-hidden />
          Pay now
        </a>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
          data-testid="payment-dialog"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{PAYMENT_DIALOG_TITLE}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
              <X className="h-4 w-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-3 text-sm text-slate-700">{PAYMENT_NOT_CONFIGURED}</Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
              Close
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
