import "server-only";

// The provider's interaction: the password-less sign-in form, and consent granted without asking.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Interaction, KoaContextWithOIDC, Provider as OidcProvider } from "oidc-provider";

import { errorPage, loginPage, sendExpired, sendHtml, type FormValues } from "~/dev/oidc-pages.server";
import type { StoredAccount } from "~/dev/oidc-store.server";

const MAX_FORM_BYTES = 16 * 1024;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InteractionContext {
  provider: OidcProvider;
  /** The library's SessionNotFound error class. */
  SessionNotFound: new (...args: never[]) => Error;
  accounts: Map<string, StoredAccount>;
  /** The account id (the `sub`) of an email: the email itself, unless a test says otherwise. */
  subjectOf: (email: string) => string;
  mountPath: string;
  policy: string;
}

/** Serves /interaction/<uid>: the sign-in form (GET) and its submission (POST). */
export async function handleInteraction(
  { provider, SessionNotFound, accounts, subjectOf, mountPath, policy }: InteractionContext,
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
    if (error instanceof SessionNotFound) {
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
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }

  if (method !== "POST") {
    const loginHint = interaction.params["login_hint"];
    const email = typeof loginHint === "string" ? loginHint : "";
    sendHtml(res, policy, 200, loginPage(mountPath, req, { email, firstName: "", lastName: "" }));
    return;
  }

  const form = await readForm(req);
  const values: FormValues = {
    email: (form.get("email") ?? "").trim().toLowerCase(),
    firstName: (form.get("firstName") ?? "").trim(),
    lastName: (form.get("lastName") ?? "").trim(),
  };
  if (!values.email) {
    sendHtml(res, policy, 400, loginPage(mountPath, req, values, "Enter your email address."));
    return;
  }
  if (!EMAIL_PATTERN.test(values.email) || values.email.length > 254) {
    sendHtml(res, policy, 400, loginPage(mountPath, req, values, "Enter a valid email address."));
    return;
  }

  const accountId = subjectOf(values.email);
  const previous = accounts.get(accountId);
  accounts.set(accountId, {
    email: values.email,
    givenName: values.firstName || previous?.givenName || nameFromEmail(values.email),
    familyName: values.lastName || previous?.familyName,
    picture: previous?.picture,
  });

  await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
}

/** Skip the consent screen: grant the client every scope/claim it asked for. */
export async function loadExistingGrant(ctx: KoaContextWithOIDC) {
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

async function grantEverythingMissing(provider: OidcProvider, interaction: Interaction): Promise<string> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params["client_id"];
  if (!accountId || typeof clientId !== "string") {
    throw new Error("consent interaction without an account or client");
  }
  const grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : new provider.Grant({ accountId, clientId });
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
  const first =
    local
      .split("+", 1)[0]!
      .split(/[._-]+/)
      .find(Boolean) ?? "";
  if (!first) return "Friend";
  return first.charAt(0).toUpperCase() + first.slice(1);
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
