import type { Route } from "./+types/login";
import { safeRedirectPath } from "~/lib/redirects";
import { requireSignInWithinLimit } from "~/services/api-rate-limit.server";
import { getAuthenticator, OIDC_STRATEGY } from "~/services/auth.server";
import { getCurrentUser, getSession, markSessionChanged } from "~/services/request-session.server";
import { redirect } from "react-router";
import { getConfig } from "~/services/config.server";
import { readOnly } from "~/services/operation-answers.server";

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

/** GET /api/login: starts the OpenID Connect sign-in, remembering where the user was going. */
export async function loader({ request, context }: Route.LoaderArgs) {
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

export const action = readOnly;
