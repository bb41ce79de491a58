"use client";

import { useLayoutEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { SEND_MESSAGE_FETCHER_KEY } from "~/components/messages/shared";

/** Within this distance of the bottom the reader is "following" the conversation. */
const NEAR_BOTTOM_PX = 120;

interface ThreadScrollerProps {
  bookingId: string;
  /** The newest message's id: when it changes a message was added (sent, or arrived live). */
  latestId: string | null;
  latestIsMine: boolean;
  children: React.ReactNode;
}

/**
 * The scrolling message area of a thread. It opens at the bottom and follows
 * new messages (my own always; others' when the reader is near the bottom, so
 * reading older ones is not interrupted). While a message is being sent it is
 * shown at the end, greyed out. Without JavaScript the `#latest` anchor does
 * the scrolling.
 */
export function ThreadScroller({ bookingId, latestId, latestIsMine, children }: ThreadScrollerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const fetcher = useFetcher({ key: SEND_MESSAGE_FETCHER_KEY });
  const sendingHere = fetcher.state !== "idle" && fetcher.formData?.get("bookingId") === bookingId;
  const sending = sendingHere ? fetcher.formData?.get("content") : null;
  const pendingText = typeof sending === "string" && sending.trim() ? sending.trim() : null;

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (following.current || latestIsMine || pendingText) {
      element.scrollTop = element.scrollHeight;
      following.current = true;
    }
  }, [latestId, latestIsMine, pendingText]);

  return (
    <div
      ref={ref}
      role="log"
      aria-label="Messages"
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
      }}
      className="relative min-h-0 flex-1 overflow-y-auto bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      data-testid="thread-messages"
    >
      <div className="flex min-h-full flex-col justify-end">
        {children}
        {pendingText ? (
          <div className="flex justify-end px-3 pb-4 sm:px-4" data-testid="message-pending" aria-busy="true">
            <div className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-600/60 px-3.5 py-2 text-white sm:max-w-[70%]">
              <p className="whitespace-pre-wrap text-sm wrap-anywhere">{pendingText}</p>
              <p className="mt-1 text-right text-[11px] text-white/80">Sending...</p>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
