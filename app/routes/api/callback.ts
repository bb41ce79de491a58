import { redirect } from "react-router";
import { z } from "zod";

import { requireAccountSignInWithinLimit, requireSignInWithinLimit } from "~/http/api-rate-limit.server";
import { apiRoute, endpoint, redirectAnswer, type RouteArgs } from "~/http/api-route.server";
import { getAuthenticator, OIDC_STRATEGY } from "~/http/auth.server";
import { addressKey, clientAddress } from "~/http/client-address.server";
import { getSession, redirectWithToast, startUserSession } from "~/http/request-session.server";
import { clearedStateCookie } from "~/http/sign-in-state.server";
import { log } from "~/infra/logger.server";
import { signature } from "~/infra/signature.server";
import { safeRedirectPath } from "~/lib/redirects";
import { REFUSED_ACCOUNT_SIGNATURE, SignInRefused, signInRefusedLocation } from "~/lib/sign-in-refusals";
import { errorToast } from "~/lib/toast";
import { recordSignInAddress } from "~/operations/sign-in.server";
import { signInRefusals } from "~/routes/api/login";

export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "Finish signing in (the identity provider's redirect)",
    signedIn: false,
    query: z.object({
      code: z.string().optional().describe("The authorization code"),
      state: z.string().optional().describe("The state sent by /api/login"),
    }),
    answers: [
      redirectAnswer(
        "Signed in: to the remembered `returnTo`. Refused (an unverified email, or an email bound to another subject of the provider): to /sign-in/refused, which says why. Sign-in failed otherwise: to / with a 'Sign-in failed' toast.",
      ),
    ],
    refusals: signInRefusals,
    handle: finishSignIn,
  }),
});

/** GET /api/callback: the identity provider sends the browser back here with a code. */
async function finishSignIn({ request, context }: Pick<RouteArgs, "request" | "context">) {
  await requireSignInWithinLimit(context, request);
  const returnTo = safeRedirectPath(getSession(context).get("returnTo"));
  // The attempt ends here, whatever its outcome.
  const headers = new Headers({ "Set-Cookie": clearedStateCookie() });
  try {
    const authenticator = await getAuthenticator();
    const user = await authenticator.authenticate(OIDC_STRATEGY, request);
    await requireAccountSignInWithinLimit(user.email);
    await startUserSession(context, user.id);
    await recordSignInAddress(user.id, addressKey(clientAddress(context, request)));
  } catch (error) {
    if (error instanceof Response) {
      // The account's sign-in limit (429): the attempt ends too.
      error.headers.append("Set-Cookie", clearedStateCookie());
      throw error;
    }
    if (error instanceof SignInRefused) {
      log().warn({ reason: error.reason }, "sign-in refused");
      const account = error.userId ? { user: error.userId, sig: signature(REFUSED_ACCOUNT_SIGNATURE, error.userId) } : undefined;
      return redirect(signInRefusedLocation(error.reason, account), { headers });
    }
    // Through the error serializer, which keeps the values of a failed query (email, name) out of the log.
    log().warn({ err: error }, "sign-in failed");
    return redirectWithToast(context, "/", errorToast("Please try signing in again.", "Sign-in failed"), { headers });
  }
  return redirect(returnTo, { headers });
}
