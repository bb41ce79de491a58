import "server-only";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { addressKey, clientAddress } from "./client-address.server";
import { addressKeyOf, consumeRateLimit, emailKey, requireWithinRateLimit, tooManyRequests, userKey } from "./rate-limit.server";
import { getSession } from "./request-session.server";

type Context = Readonly<RouterContextProvider>;

/** Who a request counts against: the signed-in user, else the client's address. */
export function requesterKey(context: Context, request: Request): string {
  const userId = getSession(context).get("userId");
  return userId ? userKey(userId) : addressKeyOf(addressKey(clientAddress(context, request)));
}

/** For a sign-in attempt: counts the request against the client's address, or throws the 429. */
export function requireSignInWithinLimit(context: Context, request: Request): Promise<void> {
  return requireWithinRateLimit("signIn", addressKeyOf(addressKey(clientAddress(context, request))));
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
