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

import { generateKeyPair } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import type {
  Account,
  AccountClaims,
  Adapter,
  AdapterFactory,
  AdapterPayload,
  Configuration,
  ErrorOut,
  Interaction,
  JWK,
  KoaContextWithOIDC,
  Provider as OidcProvider,
} from "oidc-provider";
import { log } from "./logger.server";

export interface DevOidcProviderOptions {
  /** Full issuer URL ending in the mount path, e.g. http://localhost:3000/oidc */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Secret used to sign the provider's cookies. */
  cookieSecret: string;
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
const MAX_FORM_BYTES = 16 * 1024;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface StoredAccount {
  email: string;
  givenName: string;
  familyName?: string;
  picture?: string;
}

interface FormValues {
  email: string;
  firstName: string;
  lastName: string;
}

/** connect/express put the untouched URL here; oidc-provider reads it to find its mount path. */
type MountableRequest = IncomingMessage & { originalUrl?: string };

export async function createDevOidcProvider(
  options: DevOidcProviderOptions,
): Promise<DevOidcProvider> {
  // Read at run time: builds replace the literal `process.env.NODE_ENV` with "production".
  if (Reflect.get(process.env, "NODE_ENV") === "production") {
    throw new Error(
      "The embedded development OpenID provider refuses to run when NODE_ENV=production. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.",
    );
  }

  const issuerUrl = new URL(options.issuer);
  if (issuerUrl.pathname.replace(/\/+$/, "") !== MOUNT_PATH) {
    throw new Error(
      `The development OpenID provider's issuer must end in ${MOUNT_PATH} (got ${options.issuer}).`,
    );
  }

  // Loaded lazily so that production bundles never evaluate oidc-provider.
  const { default: Provider, errors } = await import("oidc-provider");

  const accounts = new Map<string, StoredAccount>();

  const findAccount = (_ctx: KoaContextWithOIDC, sub: string): Account => ({
    accountId: sub,
    claims(): AccountClaims {
      const stored = accounts.get(sub);
      if (!stored) return { sub, email: sub };
      const name = [stored.givenName, stored.familyName].filter(Boolean).join(" ");
      return {
        sub,
        email: stored.email,
        email_verified: true,
        given_name: stored.givenName,
        family_name: stored.familyName,
        name,
        picture: stored.picture,
      };
    },
  });

  const policy = pageSecurityPolicy(options.redirectUris);
  const configuration: Configuration = {
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

  const provider = new Provider(options.issuer, configuration);
  if (issuerUrl.protocol === "https:") provider.proxy = true;

  const providerCallback = provider.callback();

  async function handleInteraction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
  ): Promise<void> {
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD" && method !== "POST") {
      res.setHeader("Allow", "GET, HEAD, POST");
      sendHtml(res, policy, 405, errorPage("Method not allowed", "Use the sign-in form."));
      return;
    }

    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        sendExpired(res, policy);
        return;
      }
      throw error;
    }
    if (interaction.uid !== uid) {
      sendExpired(res, policy);
      return;
    }

    if (interaction.prompt.name === "consent") {
      // Normally unreachable (loadExistingGrant grants everything up front),
      // but e.g. a `resource` parameter can still ask for consent: grant it.
      const grantId = await grantEverythingMissing(provider, interaction);
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }

    if (method !== "POST") {
      const loginHint = interaction.params["login_hint"];
      const email = typeof loginHint === "string" ? loginHint : "";
      sendHtml(res, policy, 200, loginPage(req, { email, firstName: "", lastName: "" }));
      return;
    }

    const form = await readForm(req);
    const values: FormValues = {
      email: (form.get("email") ?? "").trim().toLowerCase(),
      firstName: (form.get("firstName") ?? "").trim(),
      lastName: (form.get("lastName") ?? "").trim(),
    };
    if (!values.email) {
      sendHtml(res, policy, 400, loginPage(req, values, "Enter your email address."));
      return;
    }
    if (!EMAIL_PATTERN.test(values.email) || values.email.length > 254) {
      sendHtml(res, policy, 400, loginPage(req, values, "Enter a valid email address."));
      return;
    }

    const accountId = values.email;
    const previous = accounts.get(accountId);
    accounts.set(accountId, {
      email: values.email,
      givenName: values.firstName || previous?.givenName || nameFromEmail(values.email),
      familyName: values.lastName || previous?.familyName,
      picture: previous?.picture,
    });

    await provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  }

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

    handleInteraction(req, res, match[1]!).catch((error: unknown) => {
      log().error({ err: error }, "dev OIDC interaction failed");
      if (res.headersSent) {
        res.end();
        return;
      }
      sendHtml(
        res,
        policy,
        500,
        errorPage("Something went wrong", "The development sign-in failed. Check the server log."),
      );
    });
  }

  return { mountPath: MOUNT_PATH, handle };
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

/** Skip the consent screen: grant the client every scope/claim it asked for. */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const { session, client } = oidc;
  const accountId = session?.accountId;
  if (!session || !accountId || !client) return undefined;

  const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (!grant || grant.accountId !== accountId || grant.clientId !== client.clientId) {
    grant = new oidc.provider.Grant({ accountId, clientId: client.clientId });
  }

  const scopes = [...oidc.requestParamOIDCScopes];
  if (scopes.length) grant.addOIDCScope(scopes.join(" "));
  const claims = [...oidc.requestParamClaims];
  if (claims.length) grant.addOIDCClaims(claims);

  await grant.save();
  return grant;
}

async function grantEverythingMissing(
  provider: OidcProvider,
  interaction: Interaction,
): Promise<string> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params["client_id"];
  if (!accountId || typeof clientId !== "string") {
    throw new Error("consent interaction without an account or client");
  }
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId, clientId });
  if (!grant) throw new Error("grant referenced by the interaction is gone");

  const details = interaction.prompt.details;
  const missingScope = details["missingOIDCScope"];
  if (Array.isArray(missingScope)) grant.addOIDCScope(missingScope.join(" "));
  const missingClaims = details["missingOIDCClaims"];
  if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims as string[]);
  const missingResourceScopes = details["missingResourceScopes"];
  if (missingResourceScopes && typeof missingResourceScopes === "object") {
    for (const [indicator, scopes] of Object.entries(missingResourceScopes)) {
      if (Array.isArray(scopes)) grant.addResourceScope(indicator, scopes.join(" "));
    }
  }
  return grant.save();
}

function nameFromEmail(email: string): string {
  const local = email.split("@", 1)[0] ?? "";
  const first = local.split("+", 1)[0]!.split(/[._-]+/).find(Boolean) ?? "";
  if (!first) return "Friend";
  return first.charAt(0).toUpperCase() + first.slice(1);
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  return { ...jwk, use: "sig", alg: "RS256" } as JWK;
}

/**
 * A per-provider in-memory adapter (the library's built-in one is shared
 * between instances and prints a warning on every start).
 */
function createMemoryAdapter(): AdapterFactory {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();

  const live = (key: string): AdapterPayload | undefined => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const findBy = (model: string, field: "uid" | "userCode", value: string) => {
    for (const key of store.keys()) {
      if (!key.startsWith(`${model}:`)) continue;
      const payload = live(key);
      if (payload?.[field] === value) return payload;
    }
    return undefined;
  };

  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
      store.set(`${model}:${id}`, { payload: { ...payload }, expiresAt });
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      return findBy(model, "uid", uid);
    },
    async findByUserCode(userCode) {
      return findBy(model, "userCode", userCode);
    },
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, entry] of store) {
        if (entry.payload.grantId === grantId) store.delete(key);
      }
    },
  });
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    // Keep draining (so the response can still be written) but stop buffering.
    if (size <= MAX_FORM_BYTES) chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * The provider's own pages: inline styles only, no scripts, never framed;
 * forms post to the provider, whose answer redirects to the client.
 */
function pageSecurityPolicy(redirectUris: string[]): string {
  const targets = new Set(redirectUris.map((uri) => new URL(uri).origin));
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${[...targets].join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

function sendHtml(res: ServerResponse, policy: string, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Security-Policy", policy);
  res.end(html);
}

function sendExpired(res: ServerResponse, policy: string): void {
  sendHtml(
    res,
    policy,
    400,
    errorPage(
      "This sign-in link has expired",
      "Go back to Nearhand and start signing in again.",
    ),
  );
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b}
main{width:100%;max-width:24rem;margin:1rem;padding:2rem;background:#fff;border-radius:.75rem;
  box-shadow:0 1px 3px rgba(0,0,0,.1),0 8px 24px rgba(0,0,0,.06)}
h1{margin:0 0 .5rem;font-size:1.25rem}
p{margin:0 0 1.25rem;color:#52525b;font-size:.9rem;line-height:1.4}
label{display:block;margin:0 0 .25rem;font-size:.875rem;font-weight:600}
input{display:block;width:100%;margin:0 0 1rem;padding:.55rem .7rem;font:inherit;
  border:1px solid #d4d4d8;border-radius:.4rem}
input:focus{outline:2px solid #2563eb;outline-offset:1px}
button{width:100%;padding:.65rem;font:inherit;font-weight:600;color:#fff;background:#2563eb;
  border:0;border-radius:.4rem;cursor:pointer}
button:hover{background:#1d4ed8}
.error{padding:.6rem .75rem;border-radius:.4rem;background:#fef2f2;color:#b91c1c}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function loginPage(req: IncomingMessage, values: FormValues, error?: string): string {
  const action = `${MOUNT_PATH}${(req.url ?? "/").split("?", 1)[0]}`;
  const errorHtml = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : "";
  return layout(
    "Sign in to Nearhand (development)",
    `<h1>Sign in to Nearhand (development)</h1>
<p>This is a development sign-in: no password is needed. Any email address signs you in as that user.</p>
${errorHtml}<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input type="email" id="email" name="email" required autocomplete="email" autofocus value="${escapeHtml(values.email)}">
<label for="firstName">First name</label>
<input type="text" id="firstName" name="firstName" autocomplete="given-name" value="${escapeHtml(values.firstName)}">
<label for="lastName">Last name</label>
<input type="text" id="lastName" name="lastName" autocomplete="family-name" value="${escapeHtml(values.lastName)}">
<button type="submit">Continue</button>
</form>`,
  );
}

function errorPage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

async function renderError(ctx: KoaContextWithOIDC, out: ErrorOut, policy: string): Promise<void> {
  ctx.type = "html";
  ctx.set("Cache-Control", "no-store");
  ctx.set("Content-Security-Policy", policy);
  ctx.body = layout(
    "Sign-in error",
    `<h1>Sign-in error</h1>
<p><strong>${escapeHtml(out.error)}</strong>${
      out.error_description ? `: ${escapeHtml(out.error_description)}` : ""
    }</p>
<p>Go back to Nearhand and try again.</p>`,
  );
}
