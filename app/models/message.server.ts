import "server-only";

import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";

import { bookings, jobs, messages, users, type Message } from "#db/schema.ts";
import { builtOnceAnywhere, statementOnce } from "~/infra/built-once.server";
import { rowsOf, type Executor } from "~/infra/db.server";
import { isUuid } from "~/lib/ids";
import { isoTimestamp } from "~/lib/iso-timestamp";
import { messageContentRule } from "~/lib/schemas/message";
import { blockedBetween } from "~/models/block.server";

export type { Message };

export const sendMessageSchema = z.object({
  bookingId: z.uuid({ error: "bookingId must be a booking id" }),
  content: messageContentRule,
  receiverId: z.uuid({ error: "receiverId must be a user id" }),
});
/** Without a receiver, the message goes to the other party (the messages page knows only the booking). */
export type SendMessageInput = Omit<z.infer<typeof sendMessageSchema>, "receiverId"> & { receiverId?: string };

export const BOOKING_CANCELLED_NO_MESSAGES = "This booking was cancelled: messages are closed";

/**
 * The booking (with its job's title) if the user is one of its parties, else null: the authorization of every
 * message read and write. `lock` share-locks it (a cancel waits, or is waited for).
 */
export async function bookingOfParty(db: Executor, bookingId: string, userId: string, options: { lock?: boolean } = {}) {
  if (!isUuid(bookingId)) return null;
  const query = db
    .select({ id: bookings.id, seekerId: bookings.seekerId, providerId: bookings.providerId, status: bookings.status, jobTitle: jobs.title })
    .from(bookings)
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .where(and(eq(bookings.id, bookingId), or(eq(bookings.seekerId, userId), eq(bookings.providerId, userId))));
  const [row] = options.lock ? await query.for("share", { of: bookings }) : await query;
  return row ?? null;
}

/**
 * What sending a message needs, in one statement: the booking (share-locked, its job's title) if the sender is one
 * of its parties, the other party, the sender's name for the notice, and whether either party blocked the other.
 */
export async function bookingForSending(tx: Executor, bookingId: string, senderId: string) {
  if (!isUuid(bookingId)) return null;
  const [row] = await bookingForSendingQuery(tx).execute({ bookingId, senderId });
  return row ?? null;
}

/** Built once per database: every message sent reads it. Placeholders: bookingId, senderId. */
const bookingForSendingQuery = builtOnceAnywhere((db) => {
  const senderId = sql.placeholder("senderId");
  const other = sql<string>`case when ${bookings.seekerId} = ${senderId} then ${bookings.providerId} else ${bookings.seekerId} end`;
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      jobTitle: jobs.title,
      otherId: other,
      sender: { firstName: users.firstName, lastName: users.lastName },
      blocked: blockedBetween(senderId, other),
    })
    .from(bookings)
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .innerJoin(users, eq(users.id, senderId))
    .where(and(eq(bookings.id, sql.placeholder("bookingId")), or(eq(bookings.seekerId, senderId), eq(bookings.providerId, senderId))))
    .for("share", { of: bookings })
    .prepare("booking_for_sending");
});

/** Stores a message; the caller has checked the booking and its parties. */
export async function insertMessage(db: Executor, values: Pick<Message, "bookingId" | "senderId" | "receiverId" | "content">): Promise<Message> {
  const [message] = await insertMessageQuery(db).execute(values);
  return message;
}

/** Built once per database. Placeholders: bookingId, senderId, receiverId, content. */
const insertMessageQuery = builtOnceAnywhere((db) =>
  db
    .insert(messages)
    .values({
      bookingId: sql.placeholder("bookingId"),
      senderId: sql.placeholder("senderId"),
      receiverId: sql.placeholder("receiverId"),
      content: sql.placeholder("content"),
    })
    .returning()
    .prepare("insert_message"),
);

/** What a message notification says: the job and the start of the message. */
export function messageNotificationText(jobTitle: string, content: string): string {
  return `"${jobTitle}": ${content.length > 80 ? `${content.slice(0, 79)}…` : content}`;
}

/** A thread shows at most this many messages: the newest. */
export const THREAD_LIMIT = 1000;

/** The thread of a booking, oldest first (its newest THREAD_LIMIT messages, hidden ones left out); the caller has checked the reader. */
export async function listThread(db: Executor, bookingId: string): Promise<Message[]> {
  const newest = await db
    .select()
    .from(messages)
    .where(and(eq(messages.bookingId, bookingId), isNull(messages.hiddenAt)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(THREAD_LIMIT);
  return newest.reverse();
}

/** Marks what the user received in a booking's thread as read; how many messages were unread. */
export async function markReceivedMessagesRead(db: Executor, bookingId: string, userId: string): Promise<number> {
  const read = await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.bookingId, bookingId), eq(messages.receiverId, userId), eq(messages.isRead, false)))
    .returning({ id: messages.id });
  return read.length;
}

export interface ConversationSummary {
  bookingId: string;
  jobTitle: string;
  bookingStatus: string;
  otherUser: { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null };
  /** createdAt is the ISO string JSON carries (isoTimestamp): a list of a hundred spent more in Dates than in the rest. */
  lastMessage: { content: string; createdAt: string } | null;
  unreadCount: number;
}

/** The conversations statement, built once. Placeholders: userId, limit. */
const conversationsStatement = statementOnce(() => {
  const userId = sql.placeholder("userId");
  return sql`
    select c.id as "bookingId", j.title as "jobTitle", c.status as "bookingStatus",
           o.id as "otherId", o.first_name as "otherFirstName", o.last_name as "otherLastName", o.profile_image_url as "otherImage",
           c.last_content as "lastContent", c.last_at as "lastAt",
           (select count(*)::int from ${messages} u where u.booking_id = c.id and u.receiver_id = ${userId} and u.is_read = false and u.hidden_at is null) as "unread"
    from (
      select b.id, b.job_id, b.status, b.seeker_id, b.provider_id, b.created_at, last.content as last_content, last.created_at as last_at
      from ${bookings} b
      left join lateral (
        select m.content, m.created_at from ${messages} m where m.booking_id = b.id and m.hidden_at is null order by m.created_at desc, m.id desc limit 1
      ) last on true
      where (b.seeker_id = ${userId} or b.provider_id = ${userId})
        and (last.created_at is not null or b.status in ('accepted', 'in_progress'))
      order by coalesce(last.created_at, b.created_at) desc
      limit ${sql.placeholder("limit")}
    ) c
    join ${jobs} j on j.id = c.job_id
    join ${users} o on o.id = case when c.seeker_id = ${userId} then c.provider_id else c.seeker_id end
    order by coalesce(c.last_at, c.created_at) desc`;
});

/**
 * The user's conversations in one query: every booking with messages, plus
 * active bookings without any yet; newest activity first. A hidden message (issue 34) counts for nothing here.
 */
export async function listConversations(db: Executor, userId: string, limit = 100): Promise<ConversationSummary[]> {
  // The newest `limit` conversations are chosen first, from the bookings and their last message alone; only
  // those are joined to their job and other party and get an unread count (a third faster for 500 bookings).
  const result = await conversationsStatement(db, { userId, limit });
  const rows = rowsOf<Record<string, unknown>>(result);
  return rows.map((r) => ({
    bookingId: String(r.bookingId),
    jobTitle: String(r.jobTitle),
    bookingStatus: String(r.bookingStatus),
    otherUser: {
      id: String(r.otherId),
      firstName: (r.otherFirstName as string) ?? null,
      lastName: (r.otherLastName as string) ?? null,
      profileImageUrl: (r.otherImage as string) ?? null,
    },
    lastMessage: r.lastContent == null ? null : { content: String(r.lastContent), createdAt: isoTimestamp(r.lastAt as string | Date) },
    unreadCount: Number(r.unread),
  }));
}
