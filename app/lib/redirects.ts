// Where a redirect may lead: used for returnTo values from forms, query strings and the session.

/** No page of ours has a longer address; a longer Location header is one proxies refuse (a 502 for the user). */
export const MAX_REDIRECT_PATH = 2048;

/** Only same-site paths may be redirect targets; parsed like a browser would (tabs, backslashes, //host). */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > MAX_REDIRECT_PATH) return fallback;
  const base = "http://nearhand.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.length > MAX_REDIRECT_PATH ? fallback : path;
}
