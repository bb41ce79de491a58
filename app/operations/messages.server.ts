import "server-only";

import { z } from "zod";

import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction, publishEvent } from "~/infra/events.server";
import { spendRateLimit, userKey } from "~/infra/rate-limit.server";
import { takesMessages } from "~/lib/booking-process";
import { conflict, DomainError, invalid, notFound } from "~/lib/errors";
import { BLOCKED_NO_MESSAGES } from "~/lib/trust-safety-texts";
import { fullName } from "~/lib/user-display";
import {
  BOOKING_CANCELLED_NO_MESSAGES,
  bookingForSending,
  bookingOfParty,
  insertMessage,
  listConversations,
  listThread,
  markReceivedMessagesRead,
  messageNotificationText,
  sendMessageSchema,
  type ConversationSummary,
  type Message,
  type SendMessageInput,
} from "~/models/message.server";
import { notify, setMessageNotificationsRead } from "~/models/notification.server";
import type { User } from "~/models/user.server";

/** POST /api/messages' body (spec §7: bookingId, content, receiverId). */
export const messageInput = sendMessageSchema;

/** GET /api/messages' query (spec §7: the booking is part of the key). */
export const threadQuery = z.object({ bookingId: z.uuid({ error: "bookingId must be a booking id" }) });

/**
 * Sends a message in a booking the actor is a party of (404 otherwise), to the other party, who is notified; a
 * cancelled booking takes none (409). Counted against the messages limit.
 */
export async function sendMessage(actor: Pick<User, "id">, input: SendMessageInput): Promise<Message> {
  await spendRateLimit("messages", userKey(actor.id));
  return sendMessageIn(await getDb(), actor.id, input);
}

/**
 * The same on a given database (or inside an enclosing transaction): only the booking's parties (404 otherwise),
 * only to the other party; the receiver is notified. A cancelled booking takes no more messages (409, nothing
 * stored or notified); its thread stays readable.
 */
export async function sendMessageIn(db: Executor, senderId: string, input: SendMessageInput): Promise<Message> {
  return inTransaction(db, async (tx) => {
    const booking = await bookingForSending(tx, input.bookingId, senderId);
    if (!booking) throw notFound("Booking not found");
    if (!takesMessages(booking.status)) throw conflict(BOOKING_CANCELLED_NO_MESSAGES);
    const other = booking.otherId;
    if (input.receiverId !== undefined && input.receiverId !== other) throw invalid("receiverId must be the other party of the booking");
    if (booking.blocked) throw conflict(BLOCKED_NO_MESSAGES);
    const message = await insertMessage(tx, { bookingId: booking.id, senderId, receiverId: other, content: input.content });
    const sender = booking.sender;
    await notify(tx, [
      {
        userId: other,
        type: "message",
        title: `New message from ${fullName(sender)}`,
        message: messageNotificationText(booking.jobTitle, input.content),
        relatedId: booking.id,
      },
    ]);
    await publishEvent(tx, { type: "message", userIds: [other, senderId], data: { bookingId: booking.id, messageId: message.id } });
    return message;
  });
}

/** The actor's conversations (spec §3: bookingId, otherUser, lastMessage, unreadCount), newest first. */
export async function conversations(actor: Pick<User, "id">): Promise<ConversationSummary[]> {
  return listConversations(await getDb(), actor.id);
}

/**
 * A booking's thread, oldest first, for one of its parties (404 otherwise). Reading it marks what the actor
 * received as read, unless `markRead` is false (a read the actor did not ask for, such as a link from another site).
 */
export async function readThread(actor: Pick<User, "id">, bookingId: string, options: { markRead?: boolean } = {}): Promise<Message[]> {
  return openThread(await getDb(), bookingId, actor.id, options);
}

/**
 * The same on a given database. Opening the thread marks what the reader received as read, with the message
 * notifications of the booking, and tells the reader's other tabs once that commits; a read the reader did not ask
 * for (a link from another site) passes markRead: false.
 */
export async function openThread(db: Executor, bookingId: string, userId: string, { markRead = true } = {}): Promise<Message[]> {
  const booking = await bookingOfParty(db, bookingId, userId);
  if (!booking) throw notFound("Booking not found");
  if (markRead) {
    await inTransaction(db, async (tx) => {
      if ((await markReceivedMessagesRead(tx, booking.id, userId)) === 0) return;
      await setMessageNotificationsRead(tx, userId, booking.id);
      await publishEvent(tx, { type: "message", userIds: [userId], data: { bookingId: booking.id } });
      await publishEvent(tx, { type: "notification", userIds: [userId], data: {} });
    });
  }
  return listThread(db, booking.id);
}

/** The same for a page that shows 'Booking not found' itself: null when the actor is no party of the booking. */
export async function findThread(actor: Pick<User, "id">, bookingId: string): Promise<Message[] | null> {
  try {
    return await readThread(actor, bookingId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  }
}
