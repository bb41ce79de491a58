import "server-only";

// The signed part of a provider's calendar feed URL. Calendar apps fetch the URL with no session, so the signature
// is the permission. It covers the user, the feed's version and when the feed row was made: a reset (a new version)
// ends every URL given out before, and so does turning the feed off, for good — a feed turned on again is a new row
// whose version starts at 1 again, but under another creation time.
import { getConfig } from "~/infra/config.server";
import { signature, validSignature } from "~/infra/signature.server";
import { isUuid } from "~/lib/ids";

const PURPOSE = "calendar-feed";
const FILE = /^([0-9a-f-]{36})\.([1-9]\d{0,8})\.([\w-]{43})\.ics$/;

/** What a feed's signature is made over: its row. */
export interface SignedFeed {
  userId: string;
  version: number;
  createdAt: Date;
}

const signedText = (feed: SignedFeed) => `${feed.userId}.${feed.version}.${feed.createdAt.getTime()}`;

/** The feed's URL: /calendar/<user id>.<version>.<signature>.ics on the app's address. */
export function calendarFeedUrl(feed: SignedFeed): string {
  return new URL(`/calendar/${feed.userId}.${feed.version}.${signature(PURPOSE, signedText(feed))}.ics`, getConfig().appUrl).href;
}

/** The user, version and signature a feed's file name gives, or null when it is not shaped like one of ours. */
export function parseCalendarFeedFile(file: string): { userId: string; version: number; signature: string } | null {
  const match = FILE.exec(file);
  if (!match || !isUuid(match[1])) return null;
  return { userId: match[1], version: Number(match[2]), signature: match[3] };
}

/** Whether `given` is the signature of this feed row (the user's current feed, at its version). */
export function signedForFeed(feed: SignedFeed, given: string): boolean {
  return validSignature(PURPOSE, signedText(feed), given);
}
