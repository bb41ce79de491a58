import "server-only";

import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";

import type { User } from "#db/schema.ts";
import { STATE_COOKIE, stateCookie } from "~/http/sign-in-state.server";
import { getConfig } from "~/infra/config.server";
import { getDb } from "~/infra/db.server";
import { verifiedIdentity } from "~/infra/identity-claims.server";
import { signInIdentity } from "~/operations/sign-in.server";

export const OIDC_STRATEGY = "oidc";
export const CALLBACK_PATH = "/api/callback";

const discoverySchema = z.object({
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
  revocation_endpoint: z.url().optional(),
});

/**
 * remix-auth-oauth2's strategy with one state cookie of ours (sign-in-state.server.ts) in place of its one cookie
 * per attempt. The callback (a request with `state`) is the library's own.
 */
class OneStateCookieStrategy extends OAuth2Strategy<User> {
  override async authenticate(request: Request): Promise<User> {
    if (new URL(request.url).searchParams.has("state")) return super.authenticate(request);
    const { state, codeVerifier, url } = this.createAuthorizationURL();
    url.search = this.authorizationParams(url.searchParams, request).toString();
    throw redirect(url.href, { headers: { "Set-Cookie": stateCookie(state, codeVerifier) } });
  }
}

let authenticator: Promise<Authenticator<User>> | undefined;

/**
 * The OpenID Connect sign-in. The provider is discovered lazily on first use:
 * the embedded development provider is served by this very server, so it can
 * only be reached once the server is listening.
 */
export function getAuthenticator(): Promise<Authenticator<User>> {
  authenticator ??= createAuthenticator().catch((error: unknown) => {
    authenticator = undefined;
    throw error;
  });
  return authenticator;
}

async function createAuthenticator(): Promise<Authenticator<User>> {
  const config = getConfig();
  const { issuer, clientId, clientSecret } = config.oidc;
  const discoveryUrl = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(discoveryUrl, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`OpenID discovery failed at ${discoveryUrl}: ${response.status}`);
  const discovery = discoverySchema.parse(await response.json());

  const strategy = new OneStateCookieStrategy(
    {
      // The name the library reads the state cookie by (it reads every cookie whose name starts with it).
      cookie: STATE_COOKIE,
      clientId,
      clientSecret,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      tokenRevocationEndpoint: discovery.revocation_endpoint,
      redirectURI: new URL(CALLBACK_PATH, config.appUrl).href,
      scopes: ["openid", "email", "profile"],
      codeChallengeMethod: CodeChallengeMethod.S256,
    },
    async ({ tokens }) => {
      const userinfo = await fetch(discovery.userinfo_endpoint, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
      });
      if (!userinfo.ok) throw new Error(`The identity provider's userinfo call failed: ${userinfo.status}`);
      // Throws SignInRefused for an unverified email, and for an email bound to another subject.
      const identity = verifiedIdentity(await userinfo.json(), config.oidc);
      return signInIdentity(await getDb(), identity);
    },
  );
  const result = new Authenticator<User>();
  result.use(strategy, OIDC_STRATEGY);
  return result;
}
