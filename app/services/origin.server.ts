import "server-only";

/**
 * A socket's page must come from our origin: scheme, host and port. That is
 * APP_URL's, or the Host the request reached under APP_URL's scheme (the same
 * app opened at another of its names, e.g. 127.0.0.1 instead of localhost).
 */
export function isOwnOrigin(origin: string | undefined, host: string | undefined, appUrl: URL): boolean {
  if (!origin) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin !== origin) return false;
  if (origin === appUrl.origin) return true;
  if (!host) return false;
  try {
    return new URL(`${appUrl.protocol}//${host}`).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Whether a browser says the request comes from another site (a link, a form, an image): a JSON read
 * that changes state (messages read) then only reads. Clients without the header are not browsers.
 */
export function fromAnotherSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site" || site === "same-site";
}
