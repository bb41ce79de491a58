import { redirect } from "react-router";
import { z } from "zod";

import { requireSignInWithinLimit } from "~/http/api-rate-limit.server";
import { apiRoute, endpoint, redirectAnswer, type RouteArgs } from "~/http/api-route.server";
import { getAuthenticator, OIDC_STRATEGY } from "~/http/auth.server";
import { getCurrentUser, getSession, markSessionChanged } from "~/http/request-session.server";
import { getConfig } from "~/infra/config.server";
import { safeRedirectPath } from "~/lib/redirects";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Outside production, the app opened at another loopback name than APP_URL's
 * (http://127.0.0.1:3000 for http://localhost:3000) starts its sign-in at
 * APP_URL: the identity provider returns there, and the state cookie set on
 * the other name would not be sent (sign-in failed). Production has one
 * public origin and a proxy in front: nothing to guess there.
 */
function canonicalSignInUrl(request: Request): string | null {
  const config = getConfig();
  const url = new URL(request.url);
  if (config.production || url.origin === config.appUrl.origin) return null;
  if (!LOOPBACK_HOSTS.has(url.hostname) || !LOOPBACK_HOSTS.has(config.appUrl.hostname)) return null;
  return new URL(url.pathname + url.search, config.appUrl).href;
}

/** The refusals of both steps of signing in (callback.ts is the other). */
export const signInRefusals = {
  403: "Not a page navigation: Sec-Fetch-Mode or Sec-Fetch-Dest says another page loads it (an image, a frame, a fetch). Not counted as an attempt.",
  429: "Too many sign-in attempts from this address (or for this account): try again after Retry-After seconds.",
};

export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "Start signing in (a browser navigation)",
    description: "Starts the OpenID Connect sign-in, remembering `returnTo`. Signed in already: straight to `returnTo`.",
    signedIn: false,
    query: z.object({ returnTo: z.string().optional().describe("A path of the app to return to after sign-in; anything else means /") }),
    answers: [
      redirectAnswer(
        "To the identity provider; to `returnTo` when signed in already; outside production, to the same URL at APP_URL's loopback name.",
      ),
    ],
    refusals: signInRefusals,
    handle: startSignIn,
  }),
});

/** GET /api/login: starts the OpenID Connect sign-in, remembering where the user was going. */
async function startSignIn({ request, context }: Pick<RouteArgs, "request" | "context">) {
  const canonical = canonicalSignInUrl(request);
  if (canonical) return redirect(canonical);
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"));
  // A signed-in visit is no sign-in attempt: it does not count against the address.
  if (await getCurrentUser(context)) return redirect(returnTo);
  await requireSignInWithinLimit(context, request);
  const session = getSession(context);
  session.set("returnTo", returnTo);
  markSessionChanged(context);
  const authenticator = await getAuthenticator();
  // Throws the redirect to the identity provider (with the state cookie).
  await authenticator.authenticate(OIDC_STRATEGY, request);
  return redirect("/");
}
