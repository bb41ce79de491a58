// The service worker, served as /sw.js for the whole origin (decision 0076). scripts/service-worker-plugin.ts
// bundles it at build time with the build's version and the files to keep from the start. It answers built
// files from its cache, shows the offline page when a navigation finds no network, and shows push notices; it
// never keeps a document, an RSC payload or an /api answer (app/lib/service-worker-rules.ts decides).
import {
  cacheNames,
  handlingOf,
  isStaleCache,
  mayCache,
  OFFLINE_PATH,
  parsePushPayload,
  planNotificationClick,
  sameOriginPath,
} from "~/lib/service-worker-rules";

/** Set by the build: a version naming this build's caches, and the built files kept at install (the stylesheets). */
declare const __NEARHAND_BUILD__: { version: string; precache: string[] };

// The worker scope's types (the WebWorker library cannot share a program with the DOM one): what is used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focused: boolean;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const origin = worker.location.origin;
const { version, precache } = __NEARHAND_BUILD__;
const CACHE = cacheNames(version);

// A new build's worker takes over at once (skipWaiting, then clients.claim): it only ever answers built files
// from its own cache and documents from the network, so a page of the previous build loses nothing by it, and
// the next navigation is the new build's.
worker.addEventListener("install", (event) => {
  event.waitUntil(keepOfflinePage().then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(takeOver());
});

worker.addEventListener("fetch", (event) => {
  const handling = handlingOf(event.request, origin);
  if (handling === "navigation") event.respondWith(navigation(event));
  else if (handling === "asset") event.respondWith(builtFile(event));
  // Anything else is not answered here: the browser fetches it as if there were no worker.
});

worker.addEventListener("push", (event) => {
  const notice = parsePushPayload(pushText(event), origin);
  if (!notice) return;
  const options: NotificationOptions & { renotify: boolean } = {
    body: notice.body,
    tag: notice.tag,
    // A notice that replaces one with its tag alerts again (a new message in the same conversation).
    renotify: notice.tag !== undefined,
    icon: "/icons/icon-192.png",
    badge: "/icons/badge-96.png",
    data: { url: notice.url },
  };
  event.waitUntil(worker.registration.showNotification(notice.title, options));
});

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openPage(sameOriginPath(data?.url, origin)));
});

/** The offline page as a signed-out visitor gets it (never a signed-in document), and the stylesheets it uses. */
async function keepOfflinePage(): Promise<void> {
  const page = await fetch(OFFLINE_PATH, { credentials: "omit", cache: "reload" });
  // A worker that cannot keep its offline page is not installed; the browser tries again on a later visit.
  if (!page.ok) throw new Error(`${OFFLINE_PATH} answered ${page.status}`);
  await (await caches.open(CACHE.offline)).put(OFFLINE_PATH, page);
  await (await caches.open(CACHE.assets)).addAll(precache);
}

async function takeOver(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => isStaleCache(name, version)).map((name) => caches.delete(name)));
  // The page's request starts while the worker boots, instead of after.
  await worker.registration.navigationPreload?.enable();
  await worker.clients.claim();
}

/** Network first, always: the offline page only when no answer came at all (a 404 or a 503 is shown as it is). */
async function navigation(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    const offline = await (await caches.open(CACHE.offline)).match(OFFLINE_PATH);
    return offline ?? Response.error();
  }
}

/** A built file never changes under its name: the cached copy, else the network's, kept for next time. */
async function builtFile(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE.assets);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (mayCache(event.request, response, origin)) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

function pushText(event: PushEvent): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}

/**
 * A notification's page: the window already on it comes forward; else a window of the app goes there; else a new
 * one opens. navigate() works only on a window this worker controls: for any other, a new window opens.
 */
async function openPage(path: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  const plan = planNotificationClick(windows, path, origin);
  if (plan.action === "focus") {
    await plan.window.focus();
    return;
  }
  if (plan.action === "navigate") {
    // Focus first, while the click still allows it; a window that cannot be focused is navigated all the same.
    await plan.window.focus().catch(() => undefined);
    const navigated = await plan.window.navigate(path).catch(() => null);
    if (navigated) return;
  }
  await worker.clients.openWindow(path);
}
