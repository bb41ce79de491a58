// What the service worker (app/entry.worker.ts) decides, as pure functions it and the unit tests share: which
// requests it answers and how, what a push message shows, and which window a notification's click uses
// (decision 0076).

/** The page shown for a navigation that fails because the network is down. */
export const OFFLINE_PATH = "/offline";

/** The built, fingerprinted files: a name changes whenever its content does, so a cached copy is never stale. */
const ASSETS_PREFIX = "/assets/";

/** The parts of a Request the decisions read. */
export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: "navigate" for a document the browser loads into a window or frame. */
  mode: string;
  headers: { has(name: string): boolean };
}

/**
 * How the worker answers a request:
 * - "asset": a built file of this origin, from the cache, else the network (and then kept);
 * - "navigation": a document, always from the network, the offline page only when the network fails;
 * - "network": not answered by the worker at all (the browser fetches it as if there were none): /api answers,
 *   React Router's RSC payloads and manifests, server actions, other origins, anything not a GET.
 */
export type RequestHandling = "asset" | "navigation" | "network";

export function handlingOf(request: RequestFacts, origin: string): RequestHandling {
  if (request.method !== "GET") return "network";
  const url = new URL(request.url);
  if (url.origin !== origin) return "network";
  if (request.mode === "navigate") return "navigation";
  if (isRouterRequest(url, request.headers) || url.pathname.startsWith("/api/")) return "network";
  return url.pathname.startsWith(ASSETS_PREFIX) ? "asset" : "network";
}

/** React Router's own requests: RSC payloads (`/jobs/1.rsc`, `/_.rsc`), route manifests and server actions. */
function isRouterRequest(url: URL, headers: RequestFacts["headers"]): boolean {
  return url.pathname.endsWith(".rsc") || url.pathname.endsWith(".manifest") || headers.has("rsc-action-id");
}

/**
 * Whether an answer may be kept in the worker's cache: only a complete, successful answer of this origin for a
 * built file. A document, an RSC payload or an /api answer never is, whatever asked for it.
 */
export function mayCache(request: RequestFacts, response: { status: number; type: string }, origin: string): boolean {
  return handlingOf(request, origin) === "asset" && response.status === 200 && response.type === "basic";
}

/** What a push message shows. */
export interface PushNotice {
  title: string;
  body: string;
  /** A path of this origin ("/bookings/abc"): where a click on the notification leads. */
  url: string;
  /** Notices with one tag replace each other (one per conversation or job). */
  tag: string | undefined;
}

const MAX_TITLE = 200;
const MAX_BODY = 1_000;
const MAX_TAG = 200;

/**
 * The notice a push message carries: JSON `{ title, body, url, tag }`. A message that is no such JSON, or has no
 * title, gets null (nothing to show); a missing or foreign url opens the home page; overlong texts are cut.
 */
export function parsePushPayload(text: string | null | undefined, origin: string): PushNotice | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== "string" || title.trim() === "") return null;
  return {
    title: title.slice(0, MAX_TITLE),
    body: typeof body === "string" ? body.slice(0, MAX_BODY) : "",
    url: sameOriginPath(url, origin),
    tag: typeof tag === "string" && tag !== "" ? tag.slice(0, MAX_TAG) : undefined,
  };
}

/**
 * A path of this origin, with its query and fragment, for a link given as a path ("/bookings/abc") or an absolute
 * URL of this origin; anything that leads elsewhere ("https://elsewhere.example/", "//elsewhere.example",
 * "javascript:…") is "/".
 */
export function sameOriginPath(value: unknown, origin: string): string {
  if (typeof value !== "string") return "/";
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return "/";
  }
  return url.origin === origin ? url.pathname + url.search + url.hash : "/";
}

/** A window of this origin, as the worker's Clients API lists it. */
export interface WindowFacts {
  url: string;
  focused: boolean;
}

/** What a click on a notification does: focus the window already on its page, else take one over, else open one. */
export type ClickPlan<W> = { action: "focus"; window: W } | { action: "navigate"; window: W } | { action: "open" };

export function planNotificationClick<W extends WindowFacts>(windows: readonly W[], path: string, origin: string): ClickPlan<W> {
  const target = new URL(path, origin).href;
  const onTarget = windows.find((window) => window.url === target);
  if (onTarget) return { action: "focus", window: onTarget };
  const ours = windows.filter((window) => new URL(window.url).origin === origin);
  const chosen = ours.find((window) => window.focused) ?? ours[0];
  return chosen ? { action: "navigate", window: chosen } : { action: "open" };
}

/** The worker's caches of one build: a new build's worker deletes every other one when it takes over. */
export function cacheNames(version: string): { assets: string; offline: string } {
  return { assets: `nearhand-assets-${version}`, offline: `nearhand-offline-${version}` };
}

/** Whether a cache is one of this app's from another build (caches of other names are left alone). */
export function isStaleCache(name: string, version: string): boolean {
  const current = Object.values(cacheNames(version));
  return name.startsWith("nearhand-") && !current.includes(name);
}
