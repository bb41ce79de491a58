// Shared by the /notifications route (server) and its client list; no directive, so both may import it.

/** The notification types (db/schema.ts `notification_type`), repeated here so client code needs no server import. */
export type NotificationKind =
  | "job_posted"
  | "booking_request"
  | "booking_accepted"
  | "booking_cancelled"
  | "message"
  | "review";

/** One notification as the page shows it (relative time computed on the server). */
export interface NotificationItem {
  id: string;
  type: NotificationKind;
  title: string;
  message: string;
  /** What it is about, or null when it points nowhere. */
  href: string | null;
  createdAt: string;
  timeAgo: string;
  isRead: boolean;
}

/** Where a notification leads: the job, the booking, or the booking's conversation. */
export function notificationHref(type: NotificationKind, relatedId: string | null): string | null {
  if (!relatedId) return null;
  const id = encodeURIComponent(relatedId);
  switch (type) {
    case "job_posted":
      return `/jobs/${id}`;
    case "message":
      return `/messages?booking=${id}`;
    case "booking_request":
    case "booking_accepted":
    case "booking_cancelled":
    case "review":
      return `/bookings/${id}`;
    default:
      return null;
  }
}

export const MARK_ALL_FETCHER_KEY = "notifications-read-all";

export function markReadFetcherKey(id: string): string {
  return `notification-read-${id}`;
}
