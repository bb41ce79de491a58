import "server-only";

// The signed part of an unsubscribe link: who turns which kind of email off. It lets a mail client's one-click
// POST (RFC 8058) and a reader without a session turn that one choice off, and nothing else.
import { getConfig } from "~/infra/config.server";
import { signature, validSignature } from "~/infra/signature.server";

/**
 * The unsubscribe page for this user and kind, or ("one-click") the address a mail client posts to
 * (List-Unsubscribe, RFC 8058).
 */
export function unsubscribeUrl(userId: string, kind: string, target: "page" | "one-click" = "page"): string {
  const url = new URL(target === "page" ? "/unsubscribe" : "/unsubscribe/one-click", getConfig().appUrl);
  url.search = new URLSearchParams({ user: userId, kind, sig: signature("unsubscribe", `${userId}.${kind}`) }).toString();
  return url.href;
}

/** True when `sig` is the signature of this user and kind. */
export function validUnsubscribe(userId: string, kind: string, sig: string): boolean {
  return validSignature("unsubscribe", `${userId}.${kind}`, sig);
}
