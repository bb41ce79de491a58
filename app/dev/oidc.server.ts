import "server-only";

/**
 * Embedded development OpenID Connect provider.
 *
 * When no real identity provider is configured (OIDC_ISSUER / OIDC_CLIENT_ID /
 * OIDC_CLIENT_SECRET), the development server mounts this provider at /oidc so
 * that sign-in runs through a genuine authorization-code + PKCE flow, just
 * like it would against a production IdP. The login page is password-less:
 * whoever types an email address becomes that account. Everything (accounts,
 * sessions, codes, tokens and the signing key) lives in memory and is lost on
 * restart.
 *
 * It never runs in production: createDevOidcProvider throws when
 * NODE_ENV=production.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import type { Configuration } from "oidc-provider";

import { handleInteraction, loadExistingGrant, type InteractionContext } from "~/dev/oidc-login.server";
import { errorPage, pageSecurityPolicy, renderError, sendHtml } from "~/dev/oidc-pages.server";
import { createAccountStore, createMemoryAdapter, generateSigningKey, type ClaimsAdjustment } from "~/dev/oidc-store.server";
import { log } from "~/infra/logger.server";

export interface DevOidcProviderOptions {
  /** Full issuer URL ending in the mount path, e.g. http://localhost:3000/oidc */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Secret used to sign the provider's cookies. */
  cookieSecret: string;
  /** Tests only: changes the claims given to an account, to stand in for what another provider may assert. */
  adjustClaims?: ClaimsAdjustment;
  /** Tests only: the subject (`sub`) of an email, which is otherwise the email itself. */
  subjectOf?: (email: string) => string;
}

export interface DevOidcProvider {
  /** Path prefix the host server must route to `handle` ("/oidc"). */
  mountPath: string;
  /**
   * Handles a request whose path starts with `mountPath`. `req.url` may still
   * include the prefix (plain node:http, unscoped connect middleware) or may
   * already have it stripped by connect's `use("/oidc", ...)`.
   */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

const MOUNT_PATH = "/oidc";
const SCOPES = ["openid", "email", "profile"];

/** connect/express put the untouched URL here; oidc-provider reads it to find its mount path. */
type MountableRequest = IncomingMessage & { originalUrl?: string };

export async function createDevOidcProvider(options: DevOidcProviderOptions): Promise<DevOidcProvider> {
  // Read at run time: builds replace the literal `process.env.NODE_ENV` with "production".
  if (Reflect.get(process.env, "NODE_ENV") === "production") {
    throw new Error(
      "The embedded development OpenID provider refuses to run when NODE_ENV=production. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.",
    );
  }

  const issuerUrl = new URL(options.issuer);
  if (issuerUrl.pathname.replace(/\/+$/, "") !== MOUNT_PATH) {
    throw new Error(`The development OpenID provider's issuer must end in ${MOUNT_PATH} (got ${options.issuer}).`);
  }

  // Loaded lazily so that production bundles never evaluate oidc-provider.
  const { default: Provider, errors } = await import("oidc-provider");

  const { accounts, findAccount } = createAccountStore(options.adjustClaims);
  const policy = pageSecurityPolicy(options.redirectUris);
  const provider = new Provider(options.issuer, await configuration(options, findAccount, policy));
  if (issuerUrl.protocol === "https:") provider.proxy = true;
  const providerCallback = provider.callback();
  const interactions: InteractionContext = {
    provider,
    SessionNotFound: errors.SessionNotFound,
    accounts,
    subjectOf: options.subjectOf ?? ((email) => email),
    mountPath: MOUNT_PATH,
    policy,
  };

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const request = req as MountableRequest;
    const inner = innerUrl(request);
    if (inner === undefined) {
      sendHtml(res, policy, 404, errorPage("Not found", "This page does not exist."));
      return;
    }

    // oidc-provider derives its mount path as the part of req.originalUrl in
    // front of req.url (see OIDCContext#urlFor). Present it exactly the way
    // connect's `app.use("/oidc", provider.callback())` would.
    request.url = inner;
    request.originalUrl = `${MOUNT_PATH}${inner}`;

    const pathname = inner.split("?", 1)[0] ?? "/";
    const match = /^\/interaction\/([\w-]+)\/?$/.exec(pathname);
    if (!match) {
      providerCallback(req, res);
      return;
    }

    handleInteraction(interactions, req, res, match[1]!).catch((error: unknown) => {
      log().error({ err: error }, "dev OIDC interaction failed");
      if (res.headersSent) {
        res.end();
        return;
      }
      sendHtml(res, policy, 500, errorPage("Something went wrong", "The development sign-in failed. Check the server log."));
    });
  }

  return { mountPath: MOUNT_PATH, handle };
}

/** The provider's settings: one confidential client, code flow with PKCE, its own cookie names. */
async function configuration(options: DevOidcProviderOptions, findAccount: Configuration["findAccount"], policy: string): Promise<Configuration> {
  return {
    adapter: createMemoryAdapter(),
    // An ephemeral signing key: avoids the library's shared "quick start" keys
    // (and its warning about them). Tokens do not survive a restart; fine for dev.
    jwks: { keys: [await generateSigningKey()] },
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // client_secret_post is accepted for this client as well: oidc-provider
        // treats the two secret transports as interchangeable.
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    responseTypes: ["code"],
    scopes: SCOPES,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name", "picture"],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: {
      keys: [options.cookieSecret],
      // Distinct names so they never collide with the host app's own cookies
      // on the same origin.
      names: {
        session: "_dev_oidc_session",
        interaction: "_dev_oidc_interaction",
        resume: "_dev_oidc_interaction_resume",
      },
      // No `secure` flag: the cookies must work on http://localhost (koa adds
      // it by itself when the request is https, see `proxy` below). The
      // session cookie would default to Path=/; keep it under the mount path.
      // (The short-lived interaction cookies get per-interaction paths from
      // oidc-provider; a `path` here would override those, so none is set.)
      long: { httpOnly: true, sameSite: "lax", path: MOUNT_PATH },
      short: { httpOnly: true, sameSite: "lax" },
    },
    features: {
      devInteractions: { enabled: false },
    },
    interactions: {
      url: (_ctx, interaction) => `${MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    findAccount,
    loadExistingGrant,
    renderError: (ctx, out) => renderError(ctx, out, policy),
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
    },
  };
}

/**
 * The URL relative to the mount path, or undefined when the request is not
 * for this provider. Accepts a req.url that still has the prefix, and one that
 * connect already stripped (then originalUrl carries the prefix).
 */
function innerUrl(req: MountableRequest): string | undefined {
  const url = req.url ?? "/";
  const stripped = stripMountPath(url);
  if (stripped !== undefined) return stripped;
  if (req.originalUrl !== undefined && stripMountPath(req.originalUrl) !== undefined) {
    return url.startsWith("/") ? url : `/${url}`;
  }
  return undefined;
}

function stripMountPath(url: string): string | undefined {
  if (!url.startsWith(MOUNT_PATH)) return undefined;
  const rest = url.slice(MOUNT_PATH.length);
  if (rest === "") return "/";
  if (rest.startsWith("/")) return rest;
  if (rest.startsWith("?")) return `/${rest}`;
  return undefined; // e.g. "/oidcfoo"
}
