"use client";

import { useId, type FormEvent } from "react";

import { INPUT_CLASS, LABEL_CLASS, SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { SubmitButton } from "~/components/forms/submit-button";
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportTarget } from "~/lib/trust-safety";

export const REPORT_ACTION = "/report";

export interface ReportTargetProps {
  targetType: ReportTarget;
  targetId: string;
  /** The page to go back to once sent (or cancelled). */
  returnTo: string;
}

interface ReportFormProps extends ReportTargetProps {
  /** In the dialog, Cancel closes it (the dialog's own Close); on the page it links back. */
  cancel: React.ReactNode;
  /** With JavaScript the dialog's fetcher posts the form to /report; otherwise the browser does. */
  onSubmitEnhanced?: (form: FormData) => void;
  pending?: boolean;
}

/** A reason (required) and an optional note: a real form posting to /report, with or without JavaScript. */
export function ReportForm({ targetType, targetId, returnTo, cancel, onSubmitEnhanced, pending }: ReportFormProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSubmitEnhanced) return;
    event.preventDefault();
    onSubmitEnhanced(new FormData(event.currentTarget));
  };
  return (
    <form method="post" action={REPORT_ACTION} onSubmit={submit} className="grid gap-5" data-testid="report-form">
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset className="grid gap-2">
        <legend className={`mb-2 ${LABEL_CLASS}`}>Why are you reporting this?</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="reason" value={reason} required className="h-4 w-4 accent-brand-600" data-testid={`report-reason-${reason}`} />
            {REPORT_REASON_LABELS[reason]}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1">
        <label htmlFor={`${id}-note`} className={LABEL_CLASS}>
          Note <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          aria-describedby={`${id}-note-hint`}
          className={INPUT_CLASS}
          data-testid="report-note"
        />
        <p id={`${id}-note-hint`} className="text-xs text-slate-600">
          {`Up to ${REPORT_NOTE_MAX} characters. The person you report is not told who reported them.`}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <SubmitButton pending={pending} pendingText="Sending...">
          Send report
        </SubmitButton>
      </div>
    </form>
  );
}

/** Cancel on the report page: back where the reporter came from. */
export function CancelLink({ href }: { href: string }) {
  return (
    <a href={href} className={SECONDARY_BUTTON_CLASS}>
      Cancel
    </a>
  );
}
