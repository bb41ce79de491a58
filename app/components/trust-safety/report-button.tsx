"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { AlertCircle, X } from "~/components/icons";
import { REPORT_ACTION, ReportForm, reportHref, type ReportTargetProps } from "~/components/trust-safety/report-form";

const TRIGGER_CLASS =
  "inline-flex items-center gap-1 rounded text-sm text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline focus-ring";
const CONTENT_CLASS =
  "fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none";

interface ReportButtonProps extends ReportTargetProps {
  /** What is reported, for the trigger's accessible name and the title ('job', 'message from Ada'). */
  what: string;
  testId?: string;
}

/**
 * 'Report'. Without JavaScript a link to the report page (/report?…); with it, the same form in a dialog, posted by a
 * fetcher to the same action, which flashes the toast and redirects back; the dialog closes once that is done.
 */
export function ReportButton({ what, testId = "report-button", ...target }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const pending = fetcher.state !== "idle";
  const sent = useRef(false);
  useEffect(() => {
    if (pending) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      setOpen(false);
    }
  }, [pending]);
  const send = (form: FormData) => void fetcher.submit(form, { method: "post", action: REPORT_ACTION });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <a
          href={reportHref(target)}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          className={TRIGGER_CLASS}
          aria-label={`Report ${what}`}
          data-testid={testId}
        >
          <AlertCircle className="h-4 w-4" aria-hidden />
          Report
        </a>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className={CONTENT_CLASS} data-testid="report-dialog">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{`Report ${what}`}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="h-4 w-4" aria-hidden />
            </Dialog.Close>
          </div>
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
