import "server-only";

import { and, count, desc, eq, getTableName, sql } from "drizzle-orm";

import { messages, notifications, pushSubscriptions, type Notification } from "#db/schema.ts";
import { builtOnce, builtOnceAnywhere } from "~/infra/built-once.server";
import type { Executor } from "~/infra/db.server";
import { publishEvent } from "~/infra/events.server";
import { isUuid } from "~/lib/ids";
import { enqueueAlerts, type CreatedNotification } from "~/models/email-alert.server";
import { unreadOfType } from "~/models/unread-notifications.server";

export type { Notification };
export type NotificationType = Notification["type"];

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId?: string | null;
}

/**
 * Creates notifications inside the caller's transaction, queues their emails and pushes (decided when due) and
 * publishes the live "notification" event to their owners (sent once the transaction commits). The insert answers
 * each owner's devices too: the push jobs need them, and a statement of their own was a round trip more per notice.
 */
export async function notify(db: Executor, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  const created: CreatedNotification[] =
    items.length === 1
      ? await notifyOneQuery(db).execute({ ...items[0], relatedId: items[0].relatedId ?? null })
      : await db
          .insert(notifications)
          .values(items.map((n) => ({ ...n, relatedId: n.relatedId ?? null })))
          .returning(createdColumns);
  await enqueueAlerts(db, created);
  await publishEvent(db, { type: "notification", userIds: items.map((n) => n.userId), data: {} });
}

/** What a new notification answers: what its alerts need, its owner's devices (push subscriptions) included. */
const createdColumns = {
  id: notifications.id,
  type: notifications.type,
  userId: notifications.userId,
  relatedId: notifications.relatedId,
  // An insert's RETURNING names its columns unqualified, which inside the subquery would be the devices' own.
  devices: sql<string[]>`(select coalesce(array_agg(d.id), '{}') from ${pushSubscriptions} d
    where d.user_id = ${sql.identifier(getTableName(notifications))}.${sql.identifier(notifications.userId.name)})`,
};

/** One notification (a message's, a booking's), built once per database. Placeholders: the columns of NewNotification. */
const notifyOneQuery = builtOnceAnywhere((db) =>
  db
    .insert(notifications)
    .values({
      userId: sql.placeholder("userId"),
      type: sql.placeholder("type"),
      title: sql.placeholder("title"),
      message: sql.placeholder("message"),
      relatedId: sql.placeholder("relatedId"),
    })
    .returning(createdColumns)
    .prepare("notify_one"),
);

/**
 * The header's two badges in one statement: the user's unread notifications and
 * unread messages (every page asks for both).
 */
export async function countUnreadBadges(db: Executor, userId: string): Promise<{ notifications: number; messages: number }> {
  const [row] = await unreadBadgesQuery(db).execute({ userId });
  return { notifications: Number(row?.notifications ?? 0), messages: Number(row?.messages ?? 0) };
}

/** Built once per database: every signed-in page's header reads the two counts. */
const unreadBadgesQuery = builtOnce((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({
      notifications: count(),
      messages: sql<number>`(select count(*)::int from ${messages} where ${messages.receiverId} = ${userId} and ${messages.isRead} = false and ${messages.hiddenAt} is null)`,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .prepare("unread_badges");
});

/** The user's own notifications, newest first. */
export async function listNotifications(db: Executor, userId: string, limit = 100): Promise<Notification[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Marks one of the user's own notifications read: the notification, or null when the user has none of that id. */
export async function setNotificationRead(db: Executor, userId: string, id: string): Promise<Notification | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

/** Marks all of the user's notifications read; how many were unread. */
export async function setAllNotificationsRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks the user's message notifications of one booking read (its thread has been read). */
export async function setMessageNotificationsRead(db: Executor, userId: string, bookingId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(unreadOfType(userId, "message", eq(notifications.relatedId, bookingId)));
}
