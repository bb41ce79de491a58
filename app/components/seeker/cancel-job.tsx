"use client";

import { XCircle } from "~/components/icons";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";

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

/**
 * 'Cancel job' with a confirm step. Without JavaScript the button is a link to
 * the page's `?confirm=cancel` state, which shows the question and the form;
 * with it, the question opens in place. The form posts to /jobs/{id} either way.
 */
export function CancelJob({ jobId, jobTitle, returnTo, confirmHref, keepHref, confirming }: CancelJobProps) {
  const [openHere, setOpenHere] = useState(false);
  const navigation = useNavigation();
  const action = `/jobs/${jobId}`;
  const pending =
    navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("intent") === "cancel";
  const open = confirming || openHere;

  if (!open) {
    return (
      <Link
        to={confirmHref}
        onClick={(event) => {
          event.preventDefault();
          setOpenHere(true);
        }}
        preventScrollReset
        className="inline-flex items-center gap-1.5 rounded-md border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        <XCircle className="h-4 w-4" aria-hidden />
        Cancel job
        <span className="sr-only">: {jobTitle}</span>
      </Link>
    );
  }

  const questionId = `cancel-${jobId}-question`;
  return (
    <div role="group" aria-labelledby={questionId} className="rounded-lg border border-red-200 bg-red-50 p-3" data-testid="cancel-confirm">
      <p id={questionId} className="text-sm font-semibold text-red-900">
        Cancel this job?
      </p>
      <p className="mt-0.5 text-sm text-red-800">Providers will no longer see it. This cannot be undone.</p>
      <Form method="post" action={action} className="mt-3 flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button
          type="submit"
          disabled={pending}
          // The question was opened by a click: put the keyboard on the answer.
          autoFocus={openHere}
          className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60"
        >
          {pending ? "Cancelling..." : "Yes, cancel job"}
        </button>
        <Link
          to={keepHref}
          preventScrollReset
          onClick={(event) => {
            if (confirming) return; // the URL holds the question: navigate away from it
            event.preventDefault();
            setOpenHere(false);
          }}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Keep it
        </Link>
      </Form>
    </div>
  );
}
