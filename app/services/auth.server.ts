import "server-only";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy, CodeChallengeMethod } from "remix-auth-oauth2";
import { z } from "zod";
import type { User } from "../../db/schema.ts";
import { toOneLine } from "../lib/text-fields";
import { upsertUserFromClaims } from "../models/user.server";
import { getConfig } from "./config.server";
import { getDb } from "./db.server";

export const OIDC_STRATEGY = "oidc";
export const STATE_COOKIE = "nearhand_oauth";
export const CALLBACK_PATH = "/api/callback";

const discoverySchema = z.object({
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
  revocation_endpoint: z.url().optional(),
});

const claimsSchema = z.object({
  email: z.email(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.url().optional(),
});

/**
 * The users table's name columns hold 100 characters: a longer name is cut to fit rather than failing the sign-in. A
 * name is one line, as the profile form's rule says (decision 0066): the provider's line breaks become spaces.
 */
const NAME_MAX_LENGTH = 100;

function fitName(name: string | undefined): string | null {
  const trimmed = name && toOneLine(name).trim();
  return trimmed ? [...trimmed].slice(0, NAME_MAX_LENGTH).join("") : null;
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

  const strategy = new OAuth2Strategy<User>(
    {
      cookie: {
        name: STATE_COOKIE,
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        maxAge: 600,
        ...(config.appUrl.protocol === "https:" ? { secure: true as const } : {}),
      },
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
      const claims = claimsSchema.parse(await userinfo.json());
      const [first, ...rest] = (claims.name ?? "").trim().split(/\s+/);
      return upsertUserFromClaims(await getDb(), {
        email: claims.email,
        firstName: fitName(claims.given_name ?? first),
        lastName: fitName(claims.family_name ?? rest.join(" ")),
        profileImageUrl: claims.picture ?? null,
      });
    },
  );
  const result = new Authenticator<User>();
  result.use(strategy, OIDC_STRATEGY);
  return result;
}
