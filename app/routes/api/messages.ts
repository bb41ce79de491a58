import { z } from "zod";

import { messageAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { parseQuery } from "~/http/api.server";
import { fromAnotherSite } from "~/http/origin.server";
import { messageInput, readThread, sendMessage, threadQuery } from "~/operations/messages.server";

/** The thread's answer, for both reads of it (messages.$bookingId.ts is the other). */
export const THREAD =
  "The thread, oldest first (its newest 1,000 messages). Reading it marks the caller's received messages read, unless another site sent the browser.";
export const THREAD_NOT_FOUND = "Booking not found: no booking of the caller's has this id.";

export const { endpoints, loader, action } = apiRoute({
  /** GET /api/messages?bookingId=: the thread, oldest first (marks received messages read, unless another site sent the browser). */
  get: endpoint({
    summary: "A booking's thread (the booking in the query)",
    query: threadQuery,
    answers: [jsonAnswer(z.array(messageAnswer), THREAD)],
    refusals: { 400: "bookingId is missing or not an id.", 404: THREAD_NOT_FOUND },
    handle: ({ request, user }) => {
      const { bookingId } = parseQuery(request, threadQuery);
      return readThread(user, bookingId, { markRead: !fromAnotherSite(request) });
    },
  }),
  /** POST /api/messages {bookingId, content, receiverId}: 201 with the message. */
  post: endpoint({
    summary: "Send a message to the other party of a booking",
    body: messageInput,
    answers: [jsonAnswer(messageAnswer, "The message; the receiver is notified.", 201)],
    refusals: {
      400: "receiverId is not the other party of the booking.",
      404: THREAD_NOT_FOUND,
      409: "This booking was cancelled: messages are closed.",
      429: "Too many messages: try again after Retry-After seconds.",
    },
    handle: ({ user, body }) => sendMessage(user, body),
  }),
});
