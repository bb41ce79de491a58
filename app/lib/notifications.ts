// The notification vocabulary shared by the server (pages, alert emails) and client code; no directive, so both may
// import it. Like everything in lib, it imports nothing from components, models, operations, services or db.

/** The notification types: db/schema.ts makes its `notification_type` enum of them. */
export const NOTIFICATION_TYPES = ["job_posted", "booking_request", "booking_accepted", "booking_cancelled", "message", "review"] as const;
export type NotificationKind = (typeof NOTIFICATION_TYPES)[number];

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
