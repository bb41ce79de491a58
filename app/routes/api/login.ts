import type { Route } from "./+types/login";
import { safeRedirectPath } from "~/lib/redirects";
import { requireSignInWithinLimit } from "~/services/api-rate-limit.server";
import { getAuthenticator, OIDC_STRATEGY } from "~/services/auth.server";
import { getCurrentUser, getSession, markSessionChanged } from "~/services/request-session.server";
import { redirect } from "react-router";

/** GET /api/login: starts the OpenID Connect sign-in, remembering where the user was going. */
export async function loader({ request, context }: Route.LoaderArgs) {
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
