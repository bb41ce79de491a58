// Names shared by the /messages route (server) and its client components; no directive, so both may import it.

/** The conform id of the send box (the route flashes rejected submissions under it). */
export const SEND_MESSAGE_FORM_ID = "send-message";

/** The keyed fetcher the composer posts with; the thread reads it to show the pending message. */
export const SEND_MESSAGE_FETCHER_KEY = "send-message";

/** The anchor on the newest message: the send action redirects to `#latest`, so no-JS pages open scrolled to it. */
export const LATEST_MESSAGE_ANCHOR = "latest";

export function threadHref(bookingId: string): string {
  return `/messages?booking=${encodeURIComponent(bookingId)}`;
}

/** One message as the page shows it: the time is formatted on the server (market time zone). */
export interface ThreadMessage {
  id: string;
  content: string;
  mine: boolean;
  createdAt: string;
  time: string;
}
