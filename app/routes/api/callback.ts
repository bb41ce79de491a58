import { redirect } from "react-router";
import type { Route } from "./+types/callback";
import { safeRedirectPath } from "~/lib/redirects";
import { SignInRefused, signInRefusedLocation } from "~/lib/sign-in-refusals";
import { requireAccountSignInWithinLimit, requireSignInWithinLimit } from "~/services/api-rate-limit.server";
import { getAuthenticator, OIDC_STRATEGY } from "~/services/auth.server";
import { flashToast, getSession, startUserSession } from "~/services/request-session.server";
import { log } from "~/services/logger.server";
import { readOnly } from "~/services/operation-answers.server";
import { clearedStateCookie } from "~/services/sign-in-state.server";

/** GET /api/callback: the identity provider sends the browser back here with a code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSignInWithinLimit(context, request);
  const returnTo = safeRedirectPath(getSession(context).get("returnTo"));
  // The attempt ends here, whatever its outcome.
  const headers = new Headers({ "Set-Cookie": clearedStateCookie() });
  try {
    const authenticator = await getAuthenticator();
    const user = await authenticator.authenticate(OIDC_STRATEGY, request);
    await requireAccountSignInWithinLimit(user.email);
    await startUserSession(context, user.id);
  } catch (error) {
    if (error instanceof Response) {
      // The account's sign-in limit (429): the attempt ends too.
      error.headers.append("Set-Cookie", clearedStateCookie());
      throw error;
    }
    if (error instanceof SignInRefused) {
      log().warn({ reason: error.reason }, "sign-in refused");
      return redirect(signInRefusedLocation(error.reason), { headers });
    }
    // Through the error serializer, which keeps the values of a failed query (email, name) out of the log.
    log().warn({ err: error }, "sign-in failed");
    flashToast(context, {
      title: "Sign-in failed",
      description: "Please try signing in again.",
      variant: "destructive",
    });
    return redirect("/", { headers });
  }
  return redirect(returnTo, { headers });
}

export const action = readOnly;
