import "server-only";

// The signed part of a provider's calendar feed URL: whose feed, and which version of it. Calendar apps fetch the
// URL with no session, so the signature is the permission; the version lets the provider revoke every URL given
// out before (a new version, or no feed at all).
import { getConfig } from "~/infra/config.server";
import { signature, validSignature } from "~/infra/signature.server";
import { isUuid } from "~/lib/ids";

const PURPOSE = "calendar-feed";
const FILE = /^([0-9a-f-]{36})\.([1-9]\d{0,8})\.([\w-]{43})\.ics$/;

/** The feed's URL: /calendar/<user id>.<version>.<signature>.ics on the app's address. */
export function calendarFeedUrl(userId: string, version: number): string {
  const text = `${userId}.${version}`;
  return new URL(`/calendar/${text}.${signature(PURPOSE, text)}.ics`, getConfig().appUrl).href;
}

/** The user and version a feed's file name was signed for, or null when it is not one we signed. */
export function readCalendarFeedFile(file: string): { userId: string; version: number } | null {
  const match = FILE.exec(file);
  if (!match || !isUuid(match[1])) return null;
  const [, userId, version, given] = match;
  if (!validSignature(PURPOSE, `${userId}.${version}`, given)) return null;
  return { userId, version: Number(version) };
}
