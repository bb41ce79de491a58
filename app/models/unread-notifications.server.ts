import "server-only";

import { and, eq, type SQL } from "drizzle-orm";

import { notifications } from "#db/schema.ts";
import type { NOTIFICATION_TYPES } from "~/lib/notifications";

type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The condition "the user's unread notifications of `type`", with what narrows it further (one conversation, a time). */
export function unreadOfType(userId: string, type: NotificationType, ...narrowing: (SQL | undefined)[]): SQL | undefined {
  return and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.isRead, false), ...narrowing);
}
