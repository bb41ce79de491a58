import "server-only";

/**
 * A socket's page must come from APP_URL's origin: scheme, host and port. Not from whatever the request's Host
 * names: a name rebound to our address, or another of our names, carries a page that is not ours (the app sends
 * visitors of another name to APP_URL anyway, for sign-in).
 */
export function isOwnOrigin(origin: string | undefined, appUrl: URL): boolean {
  return origin !== undefined && origin === appUrl.origin;
}

/**
 * Whether a browser says the request comes from another site (a link, a form, an image): a JSON read
 * that changes state (messages read) then only reads. Clients without the header are not browsers.
 */
export function fromAnotherSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site" || site === "same-site";
}
