import "server-only";

import type { MiddlewareFunction, RouterContextProvider } from "react-router";

import { apiError } from "~/http/api.server";
import { addressKey, clientAddress } from "~/http/client-address.server";
import { requireWithinRateLimit, tooManyRequests } from "~/http/rate-limit-answers.server";
import { getSession } from "~/http/request-session.server";
import { addressKeyOf, consumeRateLimit, emailKey, userKey } from "~/infra/rate-limit.server";

type Context = Readonly<RouterContextProvider>;

/** Who a request counts against: the signed-in user, else the client's address. */
export function requesterKey(context: Context, request: Request): string {
  const userId = getSession(context).get("userId");
  return userId ? userKey(userId) : addressKeyOf(addressKey(clientAddress(context, request)));
}

export const NOT_A_NAVIGATION = "Sign-in must be opened as a page, not loaded by another page";

/**
 * Whether the request is a top-level page navigation, or comes from a client that sends no Fetch Metadata (a script,
 * an older browser). Browsers send Sec-Fetch-Site with Sec-Fetch-Mode and Sec-Fetch-Dest; an image, a frame or a
 * fetch another page makes says so in those. (Node's fetch sends `Sec-Fetch-Mode: cors` alone: a script's request.)
 */
function isPageNavigation(request: Request): boolean {
  if (request.headers.get("Sec-Fetch-Site") === null) return true;
  const mode = request.headers.get("Sec-Fetch-Mode") ?? "navigate";
  const dest = request.headers.get("Sec-Fetch-Dest") ?? "document";
  return mode === "navigate" && dest === "document";
}

/**
 * For a sign-in attempt (spec §7: a browser navigation): counts the request against the client's address, or throws
 * the 429. Anything else is refused with 403 without counting, so that no other site can use up an address's
 * attempts with `<img src=/api/login>` (decision 0059).
 */
export async function requireSignInWithinLimit(context: Context, request: Request): Promise<void> {
  if (!isPageNavigation(request)) throw apiError(403, NOT_A_NAVIGATION);
  await requireWithinRateLimit("signIn", addressKeyOf(addressKey(clientAddress(context, request))));
}

/** For a completed sign-in: counts it against the account, from whatever address, or throws the 429. */
export function requireAccountSignInWithinLimit(email: string): Promise<void> {
  return requireWithinRateLimit("signInEmail", emailKey(email));
}

/** The JSON API as a whole (decision 0021). Runs after the session middleware, which it reads. */
export const apiRateLimitMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!new URL(request.url).pathname.startsWith("/api/")) return next();
  const verdict = await consumeRateLimit("api", requesterKey(context, request));
  if (verdict.allowed) return next();
  return tooManyRequests(verdict.retryAfterSeconds);
};
