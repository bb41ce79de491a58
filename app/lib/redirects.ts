// Where a redirect may lead: used for returnTo values from forms, query strings and the session.

/** No page of ours has a longer address; a longer Location header is one proxies refuse (a 502 for the user). */
export const MAX_REDIRECT_PATH = 2048;

const BASE = "http://nearhand.invalid";

/**
 * Only same-origin paths may be redirect targets, and only in the form a
 * browser would keep: the value is parsed as a browser parses a Location
 * (tabs, newlines, backslashes, dot and encoded-dot segments) and must come out
 * unchanged. Anything that normalises to something else (`/.//evil.example`
 * becomes the protocol-relative `//evil.example`) is refused, not repaired.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_PATH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path === value ? path : fallback;
}
