import "server-only";

// The signed part of a provider's calendar feed URL. Calendar apps fetch the URL with no session, so the signature
// is the permission. It covers the user, the feed's version and when the feed row was made: a reset (a new version)
// ends every URL given out before, and so does turning the feed off, for good — a feed turned on again is a new row
// whose version starts at 1 again, but under another creation time. The secret part rides in the query string, as
// an unsubscribe link's does: request logs carry paths, never queries.
import { getConfig } from "~/infra/config.server";
import { signature, validSignature } from "~/infra/signature.server";
import { isUuid } from "~/lib/ids";

const PURPOSE = "calendar-feed";
const FILE = /^([0-9a-f-]{36})\.ics$/;
const VERSION = /^[1-9]\d{0,8}$/;
const SIGNATURE = /^[\w-]{43}$/;

/** What a feed's signature is made over: its row. */
export interface SignedFeed {
  userId: string;
  version: number;
  createdAt: Date;
}

const signedText = (feed: SignedFeed) => `${feed.userId}.${feed.version}.${feed.createdAt.getTime()}`;

/** The feed's URL: /calendar/<user id>.ics?v=<version>&sig=<signature> on the app's address. */
export function calendarFeedUrl(feed: SignedFeed): string {
  const url = new URL(`/calendar/${feed.userId}.ics`, getConfig().appUrl);
  url.search = new URLSearchParams({ v: String(feed.version), sig: signature(PURPOSE, signedText(feed)) }).toString();
  return url.href;
}

/** The user, version and signature a feed's address gives (its file name and query), or null when it is not shaped like one of ours. */
export function parseCalendarFeedAddress(file: string, query: URLSearchParams): { userId: string; version: number; signature: string } | null {
  const userId = FILE.exec(file)?.[1];
  const version = query.get("v") ?? "";
  const given = query.get("sig") ?? "";
  if (!userId || !isUuid(userId) || !VERSION.test(version) || !SIGNATURE.test(given)) return null;
  return { userId, version: Number(version), signature: given };
}

/** Whether `given` is the signature of this feed row (the user's current feed, at its version). */
export function signedForFeed(feed: SignedFeed, given: string): boolean {
  return validSignature(PURPOSE, signedText(feed), given);
}
