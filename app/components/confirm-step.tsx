"use client";

import { useState, type ReactNode } from "react";
import { Form, Link } from "react-router";

import { XCircle } from "~/components/icons";
import { usePendingSubmission } from "~/lib/use-pending-submission";

interface ConfirmStepProps {
  /** What the trigger says ('Cancel job'); may hold screen-reader-only words. */
  trigger: ReactNode;
  triggerClassName: string;
  /** The page in its confirm state (`?confirm=cancel`): the trigger's link without JavaScript. */
  confirmHref: string;
  /** The page without the confirm state: the 'keep' link. */
  keepHref: string;
  /** True when the URL asks for the confirm step. */
  confirming: boolean;
  question: string;
  consequence: string;
  /** Where the form posts, and the hidden fields it sends. */
  action: string;
  fields: Record<string, string>;
  confirmText: string;
  pendingText: string;
  keepText: string;
  /** An optional text the answer carries (a reason shown to the other party). */
  note?: { name: string; label: string; maxLength: number };
  /** The question's id (its group is labelled by it) and the group's test id. */
  questionId: string;
  testId: string;
  className: string;
}

/**
 * A destructive action with a confirm step. Without JavaScript the trigger is a link to the page's confirm
 * state, which shows the question and the form; with it, the question opens in place. The form posts either way.
 */
export function ConfirmStep(props: ConfirmStepProps) {
  const { confirming, action, fields } = props;
  const [openHere, setOpenHere] = useState(false);
  const pending = usePendingSubmission(action, fields);

  if (!confirming && !openHere) {
    return (
      <Link
        to={props.confirmHref}
        onClick={(event) => {
          event.preventDefault();
          setOpenHere(true);
        }}
        preventScrollReset
        className={props.triggerClassName}
      >
        <XCircle className="h-4 w-4" aria-hidden />
        {props.trigger}
      </Link>
    );
  }

  return (
    <div role="group" aria-labelledby={props.questionId} className={props.className} data-testid={props.testId}>
      <p id={props.questionId} className="text-sm font-semibold text-red-900">
        {props.question}
      </p>
      <p className="mt-0.5 text-sm text-red-800">{props.consequence}</p>
      <Form method="post" action={action} className="mt-3 flex flex-wrap items-center gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {props.note ? (
          <div className="grid w-full gap-1">
            <label htmlFor={`${props.questionId}-note`} className="text-sm font-medium text-red-900">
              {props.note.label} <span className="font-normal">(optional)</span>
            </label>
            <textarea
              id={`${props.questionId}-note`}
              name={props.note.name}
              maxLength={props.note.maxLength}
              rows={2}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
          </div>
        ) : null}
        <button
          type="submit"
          disabled={pending}
          // The question was opened by a click: put the keyboard on the answer.
          autoFocus={openHere}
          className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60"
        >
          {pending ? props.pendingText : props.confirmText}
        </button>
        <Link
          to={props.keepHref}
          preventScrollReset
          onClick={(event) => {
            if (confirming) return; // the URL holds the question: navigate away from it
            event.preventDefault();
            setOpenHere(false);
          }}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-ring"
        >
          {props.keepText}
        </Link>
      </Form>
    </div>
  );
}
