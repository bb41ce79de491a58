import "server-only";

import { getConfig } from "~/infra/config.server";

/**
 * The one cookie that carries a sign-in attempt's state and PKCE verifier to the callback (decision 0059). A new
 * attempt replaces it; the callback clears it. remix-auth-oauth2 would set one cookie per attempt
 * (`nearhand_oauth:<uuid>`), which piled up into a Cookie header every page refuses; it reads every cookie whose name
 * starts with this one, so it reads this one.
 */
export const STATE_COOKIE = "nearhand_oauth";

/** As long as an attempt may take: typing an email or a password at the provider. */
const STATE_MAX_AGE_SECONDS = 600;

function attributes(maxAge: number): string {
  const secure = getConfig().appUrl.protocol === "https:" ? "; Secure" : "";
  return `Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie of a new attempt, in the form remix-auth-oauth2 reads: `<state>=<verifier>`. */
export function stateCookie(state: string, codeVerifier: string): string {
  const value = new URLSearchParams([[state, codeVerifier]]).toString();
  return `${STATE_COOKIE}=${value}; ${attributes(STATE_MAX_AGE_SECONDS)}`;
}

/** The Set-Cookie that ends the attempt, whatever its outcome. */
export function clearedStateCookie(): string {
  return `${STATE_COOKIE}=; ${attributes(0)}`;
}
