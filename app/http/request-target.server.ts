import "server-only";

/** What the app answers at all; anything else (TRACE, CONNECT, WebDAV, …) is 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface RequestHead {
  method?: string;
  /** The request target as received. */
  url?: string;
  headers: { host?: string };
}

export type Unservable = { status: 400 | 404 | 405; text: string; headers?: Record<string, string> };

/**
 * Why a request cannot become a fetch Request, or null. A method undici refuses,
 * a Host that makes no URL, or a target that is not a path (`*`, an absolute URL)
 * made `new Request` throw, and the server answered 500 and logged the URL. A
 * path in no canonical spelling is not found, before anything else reads it.
 */
export function unservableRequest(request: RequestHead): Unservable | null {
  if (!(ALLOWED_METHODS as readonly string[]).includes(request.method ?? "")) {
    return { status: 405, text: "Method Not Allowed", headers: { Allow: ALLOWED_METHODS.join(", ") } };
  }
  if (!(request.url ?? "").startsWith("/")) return { status: 400, text: "The request target must be a path" };
  const host = request.headers.host;
  if (host !== undefined && !isHost(host)) return { status: 400, text: "Invalid Host header" };
  if (!isCanonicalPath(request.url!)) return { status: 404, text: "Not Found" };
  return null;
}

/** Segments of letters, digits, "-", ".", "_" and "~", none starting with a dot: a URL reads such a path as written. */
const PLAIN_PATH = /^(?:\/[\w~-][\w.~-]*)*\/?$/;

/** A percent-encoded letter, digit, "-", ".", "_" or "~": no client encodes one, and the router decodes it. */
const ENCODED_UNRESERVED = /%(?:3[0-9]|[46][1-9a-f]|[57][0-9a]|2d|2e|5f|7e)/i;

/**
 * Paths are served as written (decision 0063). Every check ahead of the routes (the API's rate limit, its body
 * rules, its 404s) compares the path as written, while the router matched /API/… and /%61pi/… like /api/…: such a
 * spelling reached the API's routes around those checks. So a path that percent-encodes an unreserved character,
 * or that begins with /api in another case, is in no canonical spelling; the routes match case-sensitively
 * (app/routes.ts), so /Favorites is an unknown page like any other.
 */
export function isCanonicalPath(target: string): boolean {
  const written = target.split(/[?#]/)[0];
  let pathname = written;
  if (!PLAIN_PATH.test(written)) {
    if (ENCODED_UNRESERVED.test(written)) return false;
    try {
      // As the app's Request reads it: dot segments resolved, backslashes made slashes.
      pathname = new URL(`http://h${written}`).pathname;
    } catch {
      return false;
    }
  }
  const prefix = pathname.slice(0, 4);
  return prefix === "/api" || prefix.toLowerCase() !== "/api";
}

/** Host headers found valid: a client sends the same one on every request. */
const validHosts = new Set<string>();

/** A host name or address with an optional port, and nothing else. */
function isHost(value: string): boolean {
  if (validHosts.has(value)) return true;
  if (!isHostSpelling(value)) return false;
  if (validHosts.size >= 100) validHosts.clear();
  validHosts.add(value);
  return true;
}

function isHostSpelling(value: string): boolean {
  if (value === "" || /[\s/?#@\\]/.test(value)) return false;
  try {
    return new URL(`http://${value}`).host === value.toLowerCase().replace(/:80$/, "");
  } catch {
    return false;
  }
}
