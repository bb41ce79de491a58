import "server-only";

/** What the app answers at all; anything else (TRACE, CONNECT, WebDAV, …) is 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface RequestHead {
  method?: string;
  /** The request target as received. */
  url?: string;
  headers: { host?: string };
}

export type Unservable = { status: 400 | 405; text: string; headers?: Record<string, string> };

/**
 * Why a request cannot become a fetch Request, or null. A method undici refuses,
 * a Host that makes no URL, or a target that is not a path (`*`, an absolute URL)
 * made `new Request` throw, and the server answered 500 and logged the URL.
 */
export function unservableRequest(request: RequestHead): Unservable | null {
  if (!(ALLOWED_METHODS as readonly string[]).includes(request.method ?? "")) {
    return { status: 405, text: "Method Not Allowed", headers: { Allow: ALLOWED_METHODS.join(", ") } };
  }
  if (!(request.url ?? "").startsWith("/")) return { status: 400, text: "The request target must be a path" };
  const host = request.headers.host;
  if (host !== undefined && !isHost(host)) return { status: 400, text: "Invalid Host header" };
  return null;
}

/** A host name or address with an optional port, and nothing else. */
function isHost(value: string): boolean {
  if (value === "" || /[\s/?#@\\]/.test(value)) return false;
  try {
    return new URL(`http://${value}`).host === value.toLowerCase().replace(/:80$/, "");
  } catch {
    return false;
  }
}
