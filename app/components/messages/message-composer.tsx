"use client";

import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";

import { Loader2, SendHorizontal } from "~/components/icons";
import { SEND_MESSAGE_FETCHER_KEY, SEND_MESSAGE_FORM_ID, threadHref } from "~/components/messages/shared";
import { subscribeToFailedWrites } from "~/lib/failed-requests";
import { MESSAGE_MAX } from "~/lib/schemas/message-limits";
import { useHydrated } from "~/lib/use-hydrated";

interface MessageComposerProps {
  bookingId: string;
  /** The server's verdict on the last send, when it was refused (blank, or the send failed): it carries the text back. */
  lastResult?: SubmissionResult<string[]>;
}

function draftOf(result: SubmissionResult<string[]> | undefined): string {
  const value = result?.initialValue?.content;
  return typeof value === "string" ? value : "";
}

/** The field's ids, as conform would name them under the form id (the route flashes refused sends under it). */
const CONTENT_ID = `${SEND_MESSAGE_FORM_ID}-content`;
const CONTENT_ERROR_ID = `${CONTENT_ID}-error`;

/** The server's errors for the text (blank, too long), from a refused send. */
function contentErrors(result: SubmissionResult<string[]> | undefined): string[] | undefined {
  const errors = result?.status === "error" ? result.error?.content : undefined;
  return errors && errors.length > 0 ? errors : undefined;
}

/** Show the counter when this close to the limit. */
const COUNTER_FROM = MESSAGE_MAX - 200;

/**
 * The send box: a real form posting to /messages?booking={id}, which sends and
 * redirects back to the thread at `#latest`. With JavaScript a keyed fetcher
 * posts the same form: Enter sends, Shift+Enter makes a new line, blank text
 * cannot be sent, the box clears at once and the thread shows the message as
 * pending until the page data arrives. A failed send brings the text back.
 *
 * No client-side schema: the box is checked by the browser (required,
 * maxlength) and by the route action with zod, whose errors come back in
 * `lastResult` (decision 0086). conform and zod stay out of this page's bundle.
 */
export function MessageComposer({ bookingId, lastResult }: MessageComposerProps) {
  const fetcher = useFetcher({ key: SEND_MESSAGE_FETCHER_KEY });
  const hydrated = useHydrated();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(() => draftOf(lastResult));
  const [shownResult, setShownResult] = useState(lastResult);
  const [showErrors, setShowErrors] = useState(true);
  // A refused send comes back as a new result: put its text back into an empty box.
  if (lastResult !== shownResult) {
    setShownResult(lastResult);
    setShowErrors(true);
    const draft = draftOf(lastResult);
    if (draft && !value.trim()) setValue(draft);
  }

  // A send that got no answer at all (the connection dropped) puts its text back into an empty box.
  useEffect(
    () =>
      subscribeToFailedWrites("/messages", (sent) => {
        const content = sent?.get("content");
        if (sent?.get("bookingId") !== bookingId || typeof content !== "string") return;
        setValue((current) => (current.trim() ? current : content));
      }),
    [bookingId],
  );

  const pending = fetcher.state !== "idle";
  const blank = value.trim().length === 0;
  const action = threadHref(bookingId);
  const errors = showErrors ? contentErrors(lastResult) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || pending) return;
    void fetcher.submit(new FormData(event.currentTarget), { method: "post", action });
    setValue("");
    setShowErrors(false);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <form
      id={SEND_MESSAGE_FORM_ID}
      method="post"
      action={action}
      onSubmit={submit}
      className="border-t border-slate-200 bg-white px-3 py-3 sm:px-4"
      data-testid="message-composer"
    >
      <input type="hidden" name="bookingId" value={bookingId} />
      <label htmlFor={CONTENT_ID} className="sr-only">
        Message
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={textarea}
          id={CONTENT_ID}
          name="content"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setShowErrors(false);
          }}
          onKeyDown={onKeyDown}
          required
          maxLength={MESSAGE_MAX}
          rows={1}
          placeholder="Type a message..."
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? CONTENT_ERROR_ID : `${CONTENT_ID}-hint`}
          className="field-sizing-content max-h-40 min-h-11 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-500"
        />
        <button
          type="submit"
          disabled={hydrated && (blank || pending)}
          aria-busy={pending || undefined}
          className="inline-flex h-11 shrink-0 items-center gap-2 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 focus-ring disabled:cursor-not-allowed disabled:opacity-50 sm:px-4"
        >
          {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <SendHorizontal className="h-4 w-4" aria-hidden />}
          <span className="sr-only sm:not-sr-only">{pending ? "Sending..." : "Send"}</span>
        </button>
      </div>
      {errors ? (
        <p id={CONTENT_ERROR_ID} className="mt-1.5 text-sm text-red-600" role="alert">
          {errors.join(", ")}
        </p>
      ) : (
        // Its line is kept from the first paint on wider screens: the keyboard hint appears with hydration and moved the box (CLS).
        <p id={`${CONTENT_ID}-hint`} className="mt-1.5 flex justify-between gap-2 text-xs text-slate-500 sm:min-h-4">
          <span className={hydrated ? "hidden sm:inline" : "hidden"}>Enter to send, Shift+Enter for a new line</span>
          {value.length >= COUNTER_FROM ? (
            <span className="ml-auto" data-testid="message-counter">
              {value.length}/{MESSAGE_MAX}
            </span>
          ) : null}
        </p>
      )}
    </form>
  );
}
