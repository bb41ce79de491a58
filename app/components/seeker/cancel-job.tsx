"use client";

import { ConfirmStep } from "~/components/confirm-step";

interface CancelJobProps {
  jobId: string;
  jobTitle: string;
  /** Where to go after cancelling (default /my-jobs). */
  returnTo: string;
  /** The no-JS confirm step: this page with `confirm=cancel` (and the job). */
  confirmHref: string;
  /** The page without the confirm step ('Keep it'). */
  keepHref: string;
  /** True when the URL asks for the confirm step. */
  confirming: boolean;
}

/** 'Cancel job' with a confirm step; the form posts intent=cancel to /jobs/{id}. */
export function CancelJob({ jobId, jobTitle, returnTo, confirmHref, keepHref, confirming }: CancelJobProps) {
  return (
    <ConfirmStep
      trigger={
        <>
          Cancel job
          <span className="sr-only">: {jobTitle}</span>
        </>
      }
      triggerClassName="inline-flex items-center gap-1.5 rounded-md border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      confirmHref={confirmHref}
      keepHref={keepHref}
      confirming={confirming}
      question="Cancel this job?"
      consequence="Providers will no longer see it. This cannot be undone."
      action={`/jobs/${jobId}`}
      fields={{ intent: "cancel", returnTo }}
      confirmText="Yes, cancel job"
      pendingText="Cancelling..."
      keepText="Keep it"
      questionId={`cancel-${jobId}-question`}
      testId="cancel-confirm"
      className="rounded-lg border border-red-200 bg-red-50 p-3"
    />
  );
}
