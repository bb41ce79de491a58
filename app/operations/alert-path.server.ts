import "server-only";

import type { Notification } from "#db/schema.ts";
import { notificationHref } from "~/lib/notifications";
import { STATUS_NOTICES } from "~/models/booking.server";

/** Whether the notification tells that a booking was completed: its alert leads to the review. */
export function isCompletedNotice(notification: Pick<Notification, "type" | "title">): boolean {
  return notification.type === "booking_accepted" && notification.title === STATUS_NOTICES.completed?.title;
}

/** The page an alert (email or push) opens: the notification's own, the review dialog for a completed booking. */
export function alertPath(notification: Pick<Notification, "type" | "title" | "relatedId">): string {
  return isCompletedNotice(notification)
    ? `/bookings/${encodeURIComponent(notification.relatedId ?? "")}?dialog=review#review`
    : (notificationHref(notification.type, notification.relatedId) ?? "/notifications");
}
