// Shared by the /notifications route (server) and its client list; no directive, so both may import it.
import type { NotificationKind } from "~/lib/notifications";

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

export const MARK_ALL_FETCHER_KEY = "notifications-read-all";

export function markReadFetcherKey(id: string): string {
  return `notification-read-${id}`;
}
