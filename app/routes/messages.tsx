import type { SubmissionResult } from "@conform-to/react";
import { createContext, data, replace } from "react-router";

import { ConversationList } from "~/components/messages/conversation-list";
import { LATEST_MESSAGE_ANCHOR, SEND_MESSAGE_FORM_ID, threadHref, type ThreadMessage } from "~/components/messages/shared";
import { NoThreadSelected, ThreadNotFound, ThreadPanel, type ThreadData } from "~/components/messages/thread-panel";
import { runForPage } from "~/http/operation-answers.server";
import { getCurrentUser, readPageForm, redirectWithSubmission, redirectWithToast, requireUser, takeSubmission } from "~/http/request-session.server";
import { getConfig } from "~/infra/config.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { dateTimeFormat } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import { messageFormSchema } from "~/lib/schemas/message";
import type { PartySummary } from "~/models/booking.server";
import type { Message } from "~/models/message.server";
import { blockStanding } from "~/operations/blocks.server";
import { findBookingFor } from "~/operations/bookings.server";
import { findThread, conversations as listConversations, readThread, sendMessage } from "~/operations/messages.server";

import type { Route } from "./+types/messages";

const SEND_FAILED = FAILURE_TOASTS.sendMessage;

/** The thread opened by this request's middleware: its messages, or null when the booking is not the user's. */
const openedThreadContext = createContext<{ bookingId: string; messages: Message[] | null } | null>(null);

/**
 * Opens the selected thread (which marks the messages received in it as read)
 * before any loader runs, so the header's unread count, loaded by the root
 * loader in parallel with this page's, already leaves them out.
 */
const openSelectedThread: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const bookingId = new URL(request.url).searchParams.get("booking");
  if (request.method === "GET" && bookingId) {
    const user = await getCurrentUser(context);
    if (user) {
      // null when not the user's booking: the loader shows 'Booking not found'.
      context.set(openedThreadContext, { bookingId, messages: await findThread(user, bookingId) });
    }
  }
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [openSelectedThread];

/** "3:04 PM" today, "Mar 5, 3:04 PM" before, in the market's time zone. */
function messageTime(date: Date, now: Date, timeZone: string): string {
  const day = dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const withDate = day.format(date) !== day.format(now);
  return dateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", ...(withDate ? { month: "short", day: "numeric" } : {}) }).format(
    date,
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const bookingId = new URL(request.url).searchParams.get("booking");
  const [conversations, booking] = await Promise.all([listConversations(user), bookingId ? findBookingFor(user, bookingId) : Promise.resolve(null)]);
  const now = new Date();
  const base = { conversations, now, selectedId: bookingId, lastResult: takeSubmission(context, SEND_MESSAGE_FORM_ID) };
  if (!bookingId) return { ...base, thread: null, notFound: false };
  if (!booking) return data({ ...base, thread: null, notFound: true }, { status: 404 });

  const opened = context.get(openedThreadContext);
  const messages = opened?.bookingId === bookingId && opened.messages ? opened.messages : await readThread(user, bookingId);
  const { timeZone } = getConfig();
  const other = booking.seekerId === user.id ? booking.provider : booking.seeker;
  const standing = await blockStanding(user, other.id);
  const thread: ThreadData = {
    bookingId: booking.id,
    jobTitle: booking.job.title,
    bookingStatus: booking.status,
    otherUser: threadPartner(other),
    messages: messages.map((message): ThreadMessage => ({
      id: message.id,
      content: message.content,
      mine: message.senderId === user.id,
      createdAt: message.createdAt.toISOString(),
      time: messageTime(message.createdAt, now, timeZone),
    })),
    block: { byMe: standing.blockedByMe, closed: standing.closed },
  };
  return { ...base, thread, notFound: false };
}

/**
 * The send box (form: bookingId, content). The receiver is always the other
 * party of the booking, never taken from the form. Sent: back to the thread at
 * its newest message. Blank: back with the error. Refused: back with a toast
 * and the text kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, form: formData } = await readPageForm(context, request);
  const field = formData.get("bookingId");
  const bookingId = typeof field === "string" && field ? field : new URL(request.url).searchParams.get("booking");
  if (!bookingId) {
    return redirectWithToast(context, "/messages", SEND_FAILED);
  }
  const submission = parseForm(formData, messageFormSchema);
  if (submission.status !== "success") return backToThread(context, request, submission.reply());
  const sent = await runForPage(context, () => sendMessage(user, { bookingId, content: submission.value.content }), {
    // A conflict says why (a cancelled booking takes no more messages); anything else stays generic.
    failure: (error) => (error.kind === "conflict" ? { ...SEND_FAILED, description: error.message } : SEND_FAILED),
  });
  if (!sent.ok) return backToThread(context, request, submission.reply({ formErrors: [sent.toast.description!] }));
  // Replace, not push: sending ten messages must not leave ten history entries.
  return replace(`${threadHref(bookingId)}#${LATEST_MESSAGE_ANCHOR}`);
}

/**
 * A refused send: back to the thread (the URL the form posted to) with the
 * submission flashed, at the newest message so the send box and its error are in view.
 */
/** The thread header shows a name and a picture; the phone number of an active booking stays on the booking page. */
function threadPartner({ id, firstName, lastName, profileImageUrl }: PartySummary): ThreadData["otherUser"] {
  return { id, firstName, lastName, profileImageUrl };
}

function backToThread(context: Route.ActionArgs["context"], request: Request, reply: SubmissionResult<string[]>): Response {
  const flashed = redirectWithSubmission(context, request, SEND_MESSAGE_FORM_ID, reply);
  return replace(`${flashed.headers.get("Location")}#${LATEST_MESSAGE_ANCHOR}`);
}

/**
 * /messages: the conversations on the left, the selected one (`?booking=`) on
 * the right. Below md they are two views: the list, or the thread with a way back.
 */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { conversations, now, selectedId, thread, notFound, lastResult } = loaderData;
  const showingThread = selectedId !== null;
  return (
    <main className="mx-auto flex h-[calc(100dvh-4rem-1px)] max-w-6xl flex-col md:px-4 md:py-6">
      <title>{thread ? `Messages · ${thread.jobTitle} | Nearhand` : "Messages | Nearhand"}</title>
      <h1 className="sr-only">Messages</h1>
      <div className="relative flex min-h-0 flex-1 overflow-hidden bg-white md:rounded-xl md:border md:border-slate-200 md:shadow-sm">
        <section
          aria-labelledby="conversations-title"
          className={`${showingThread ? "hidden md:flex" : "flex"} min-h-0 w-full flex-col md:w-80 md:shrink-0 md:border-r md:border-slate-200 lg:w-96`}
          data-testid="conversations"
        >
          <h2 id="conversations-title" className="border-b border-slate-200 px-4 py-4 text-lg font-semibold text-slate-900">
            Conversations
          </h2>
          <ConversationList conversations={conversations} selectedId={selectedId} now={now} />
        </section>
        <section
          aria-label="Conversation"
          className={`${showingThread ? "flex" : "hidden md:flex"} min-h-0 min-w-0 flex-1 flex-col`}
          data-testid="thread"
        >
          {thread ? <ThreadPanel thread={thread} lastResult={lastResult} /> : notFound ? <ThreadNotFound /> : <NoThreadSelected />}
        </section>
      </div>
    </main>
  );
}
