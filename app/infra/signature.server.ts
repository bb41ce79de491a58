import "server-only";

import { createHmac } from "node:crypto";

import { getConfig } from "~/infra/config.server";
import { sameSecret } from "~/infra/same-secret.server";

// The signed links the app gives out (unsubscribe links, calendar feeds): an HMAC under the session secret, keyed
// apart per purpose, so a signature made for one kind of link never fits another.

/** The signature of `text` for `purpose` (base64url, no padding). */
export function signature(purpose: string, text: string): string {
  return createHmac("sha256", `${purpose}:${getConfig().sessionSecret}`).update(text).digest("base64url");
}

/** Whether `given` is the signature of `text` for `purpose`, compared in constant time. */
export function validSignature(purpose: string, text: string, given: string): boolean {
  return sameSecret(given, signature(purpose, text));
}
