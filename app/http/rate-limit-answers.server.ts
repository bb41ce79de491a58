import "server-only";

import { apiError } from "~/http/api.server";
import type { Toast } from "~/http/session.server";
import { consumeRateLimit, tryAgainText, type RateLimitName } from "~/infra/rate-limit.server";
import { errorToast } from "~/lib/toast";

// How the request edge answers a refusal of the rate limits (app/infra/rate-limit.server.ts counts them).

/** The JSON API's answer over a limit: 429 with Retry-After in seconds (and the limit's reason, when it has one). */
export function tooManyRequests(retryAfterSeconds: number, reason = "Too many requests"): Response {
  const response = apiError(429, `${reason}, try again in ${retryAfterSeconds} s`);
  response.headers.set("Retry-After", String(retryAfterSeconds));
  return response;
}

/** For the JSON API: counts the request, or throws the 429. */
export async function requireWithinRateLimit(name: RateLimitName, key: string): Promise<void> {
  const verdict = await consumeRateLimit(name, key);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
}

/** The toast of a page form refused by a limit (forms redirect back, with or without JavaScript). */
export function tooManyRequestsToast(retryAfterSeconds: number, reason: string | null = null): Toast {
  const again = tryAgainText(retryAfterSeconds);
  return errorToast(reason ? `${reason}. ${again}` : again, "Too many requests");
}
