/**
 * Subscribing this browser to push (push-device-switch.tsx), loaded when the 'Turn on' button is about to be used
 * rather than with the profile page (issue 36 §5).
 */

/** The switch's states only a click on 'Turn on' leads to. */
export type AfterClickState = "dismissed" | "no-worker";

/** What the switch says in them. */
export const AFTER_CLICK_MESSAGES: Record<AfterClickState, string> = {
  dismissed: "You closed the browser's question without allowing notifications. Turn them on again to be asked again.",
  "no-worker": "Nearhand's background worker did not start in this browser, so notifications can't be turned on here. Reload the page and try again.",
};

/** How long the service worker (registered at /sw.js by the app shell) may take to become ready. */
const WORKER_READY_MS = 5000;

/** The digest the server lists a device's endpoint by. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((byte, i) => byte === b[i]);
}

/** The service worker's registration, or null when none becomes ready in time (the browser never hangs the page). */
async function readyWorker(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WORKER_READY_MS)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * This browser's subscription with the server's public key, made through the service worker (one made with another
 * key is replaced); "no-worker" when no worker becomes ready in time. Throws what the push service throws.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription | "no-worker"> {
  const registration = await readyWorker();
  if (!registration) return "no-worker";
  const key = base64urlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // One made with another key (the server's keys changed) cannot carry our messages: make a new one.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  return subscription ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
}
