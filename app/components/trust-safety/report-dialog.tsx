"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, type RefObject } from "react";
import { useFetcher } from "react-router";

import { DialogTitleBar } from "~/components/dialog-title-bar";
import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { REPORT_ACTION, ReportForm, type ReportTargetProps } from "~/components/trust-safety/report-form";

const CONTENT_CLASS =
  "fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none";

interface ReportDialogProps extends ReportTargetProps {
  what: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The content's id, which the trigger's aria-controls names while open. */
  contentId: string;
  /** The 'Report' link, which gets focus back when the dialog closes. */
  trigger: RefObject<HTMLAnchorElement | null>;
}

/**
 * The report form in a dialog, posted by a fetcher to the same action as the report page, which flashes the toast
 * and redirects back; the dialog closes once that is done. Loaded when the 'Report' link is first about to be used
 * (report-button.tsx), and kept mounted afterwards.
 */
export function ReportDialog({ what, open, onOpenChange, contentId, trigger, ...target }: ReportDialogProps) {
  const fetcher = useFetcher();
  const pending = fetcher.state !== "idle";
  const sent = useRef(false);
  useEffect(() => {
    if (pending) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      onOpenChange(false);
    }
  }, [pending, onOpenChange]);
  const send = (form: FormData) => void fetcher.submit(form, { method: "post", action: REPORT_ACTION });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          id={contentId}
          className={CONTENT_CLASS}
          data-testid="report-dialog"
          // The trigger lives outside the dialog's root (Radix would focus its own Dialog.Trigger).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <DialogTitleBar title={`Report ${what}`} />
          <Dialog.Description className="mt-2 text-sm text-slate-700">Our team reviews every report. Choose a reason.</Dialog.Description>
          <div className="mt-4">
            <ReportForm
              {...target}
              cancel={<Dialog.Close className={SECONDARY_BUTTON_CLASS}>Cancel</Dialog.Close>}
              onSubmitEnhanced={send}
              pending={pending}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
