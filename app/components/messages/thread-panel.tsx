import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";

import { Avatar } from "~/components/avatar";
import { ArrowLeft, ExternalLink, MessageSquare, SearchX } from "~/components/icons";
import { MessageComposer } from "~/components/messages/message-composer";
import { LATEST_MESSAGE_ANCHOR, threadHref, type ThreadMessage } from "~/components/messages/shared";
import { ThreadScroller } from "~/components/messages/thread-scroller";
import { BlockButton } from "~/components/trust-safety/block-button";
import { ReportButton } from "~/components/trust-safety/report-button";
import { takesMessages } from "~/lib/booking-process";
import { statusLabel } from "~/lib/format";
import { BOOKING_STATUS_STYLES } from "~/lib/job-display";
import { BLOCKED_NO_MESSAGES } from "~/lib/trust-safety-texts";
import { fullName } from "~/lib/user-display";

export interface ThreadData {
  bookingId: string;
  jobTitle: string;
  bookingStatus: keyof typeof BOOKING_STATUS_STYLES;
  otherUser: { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null };
  messages: ThreadMessage[];
  /** Whether the reader blocked the other party (the Block button unblocks then), and whether either blocked the other. */
  block: { byMe: boolean; closed: boolean };
}

function BackToConversations() {
  return (
    <Link
      to="/messages"
      aria-label="Back to conversations"
      title="Back to conversations"
      className="-ml-1 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-ring md:hidden"
    >
      <ArrowLeft className="h-5 w-5" aria-hidden />
    </Link>
  );
}

/** The right column of /messages for the selected booking: who, which job, the messages and the send box. */
export function ThreadPanel({ thread, lastResult }: { thread: ThreadData; lastResult?: SubmissionResult<string[]> }) {
  const { bookingId, messages, otherUser } = thread;
  const name = fullName(otherUser);
  const latest = messages.at(-1);
  const here = threadHref(bookingId);
  return (
    <>
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-3 sm:px-4" data-testid="thread-header">
        <BackToConversations />
        <Avatar user={otherUser} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900" data-testid="thread-name">
            {name}
          </h2>
          <p className="flex min-w-0 items-center gap-2 text-xs text-slate-500">
            <span className="truncate" data-testid="thread-job-title">
              {thread.jobTitle}
            </span>
            <span className={`shrink-0 rounded-full px-2 py-0.5 font-medium capitalize ${BOOKING_STATUS_STYLES[thread.bookingStatus]}`}>
              {statusLabel(thread.bookingStatus)}
            </span>
          </p>
        </div>
        <Link
          to={`/bookings/${bookingId}`}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-slate-200 px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-ring"
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">View booking</span>
        </Link>
      </header>
      <div className="flex items-center justify-end gap-4 border-b border-slate-200 px-3 py-1.5 sm:px-4" data-testid="thread-safety">
        <BlockButton userId={otherUser.id} name={name} blocked={thread.block.byMe} returnTo={here} />
      </div>
      <ThreadScroller key={bookingId} bookingId={bookingId} latestId={latest?.id ?? null} latestIsMine={latest?.mine ?? false}>
        {messages.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center px-6 py-12 text-center" data-testid="thread-empty">
            <MessageSquare className="h-10 w-10 text-slate-300" aria-hidden />
            <p className="mt-3 text-sm text-slate-600">No messages yet. Start the conversation!</p>
          </div>
        ) : (
          <ol className="flex flex-col gap-3 px-3 py-4 sm:px-4">
            {messages.map((message, index) => (
              <li
                key={message.id}
                id={index === messages.length - 1 ? LATEST_MESSAGE_ANCHOR : undefined}
                className={`flex scroll-mb-4 ${message.mine ? "justify-end" : "justify-start"}`}
                data-testid="message"
                data-mine={message.mine ? "true" : "false"}
              >
                <div
                  className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${
                    message.mine ? "rounded-br-md bg-brand-600 text-white" : "rounded-bl-md border border-slate-200 bg-white text-slate-900"
                  }`}
                >
                  <span className="sr-only">{message.mine ? "You" : name}: </span>
                  <p className="whitespace-pre-wrap text-sm wrap-anywhere" data-testid="message-content">
                    {message.content}
                  </p>
                  <time
                    dateTime={message.createdAt}
                    className={`mt-1 block text-right text-[11px] ${message.mine ? "text-white/80" : "text-slate-500"}`}
                  >
                    {message.time}
                  </time>
                  {message.mine ? null : (
                    <ReportButton
                      targetType="message"
                      targetId={message.id}
                      returnTo={here}
                      what={`this message from ${name}`}
                      testId="report-message"
                    />
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </ThreadScroller>
      {thread.block.closed ? (
        // Both sides read the same words: the thread does not say who blocked whom (sendMessage refuses with them too).
        <p className="border-t border-slate-200 px-4 py-3 text-center text-sm text-slate-700" data-testid="thread-blocked">
          {`${BLOCKED_NO_MESSAGES}: one of you blocked the other. The conversation stays readable.`}
        </p>
      ) : !takesMessages(thread.bookingStatus) ? (
        // The server refuses messages on a cancelled booking (sendMessage); the thread stays readable.
        <p className="border-t border-slate-200 px-4 py-3 text-center text-sm text-slate-600" data-testid="thread-closed">
          This booking was cancelled: messages are closed.
        </p>
      ) : (
        // Keyed: a draft belongs to its conversation.
        <MessageComposer key={bookingId} bookingId={bookingId} lastResult={lastResult} />
      )}
    </>
  );
}

/** The thread column when nothing is selected. */
export function NoThreadSelected() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 text-center" data-testid="thread-none">
      <MessageSquare className="h-12 w-12 text-slate-300" aria-hidden />
      <p className="mt-3 text-slate-600">Select a conversation to start messaging</p>
    </div>
  );
}

/** The thread column for a booking that does not exist or is not the user's. */
export function ThreadNotFound() {
  return (
    <>
      <div className="border-b border-slate-200 px-3 py-3 md:hidden">
        <Link to="/messages" className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to conversations
        </Link>
      </div>
      <div className="flex flex-1 flex-col items-center justify-center px-6 text-center" data-testid="thread-not-found">
        <SearchX className="h-12 w-12 text-slate-300" aria-hidden />
        <h2 className="mt-3 font-semibold text-slate-900">Booking not found</h2>
        <p className="mt-1 text-sm text-slate-600">This conversation does not exist or is not yours.</p>
      </div>
    </>
  );
}
