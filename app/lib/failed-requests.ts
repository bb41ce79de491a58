// What the page does when one of React Router's requests (a page action, a page's RSC payload, a route
// manifest) gets no answer from us: a gateway's error page during a deploy, a proxy's time-out, a dropped
// connection. The page stays; only a navigation to another page becomes a document load, so the browser
// shows that page or its own offline page.
import { matchRoutes } from "react-router";

import { failureToastFor } from "./failure-toasts.ts";
import { showToast } from "./toast.ts";

/** The part of React Router's browser router this module reads (window.__reactRouterDataRouter). */
interface BrowserRouter {
  routes: Parameters<typeof matchRoutes>[0];
  state: {
    location: { pathname: string; search: string };
    matches: { route: { id: string } }[];
    loaderData: Record<string, unknown>;
    navigation: {
      state: "idle" | "loading" | "submitting";
      location?: { pathname: string; search: string; hash: string };
      formMethod?: string;
      formAction?: string;
      formData?: FormData;
    };
    fetchers: Map<string, { state: string; formAction?: string; formData?: FormData }>;
  };
  navigate(to: string, options?: { replace?: boolean; preventScrollReset?: boolean }): Promise<void>;
  deleteFetcher(key: string): void;
}

function browserRouter(): BrowserRouter | undefined {
  return (window as unknown as { __reactRouterDataRouter?: BrowserRouter }).__reactRouterDataRouter;
}

/** Said on `window` when a write failed this way, so a form can put back what it had cleared (the message box). */
export const MUTATION_FAILED_EVENT = "nearhand:mutation-failed";

export interface MutationFailure {
  /** The page path the form posted to ("/messages"). */
  action: string;
  formData: FormData | null;
}

/**
 * Whether React Router's answer came from our server: its RSC server marks every page answer, action answer and
 * redirect with X-Remix-Response, sends route manifests as RSC payloads (text/x-component), and a new
 * deployment's "reload the document" as a bare 204. A gateway's or proxy's page has none of these.
 */
export function isAnswerFromUs(response: Response): boolean {
  if (response.status === 204 || response.headers.has("X-Remix-Response")) return true;
  return (response.headers.get("Content-Type") ?? "").startsWith("text/x-component");
}

/** Whether `url` is one of React Router's requests: a page's RSC payload or action, or a route manifest. */
export function isRouterRequest(url: URL): boolean {
  return url.pathname.endsWith(".rsc") || url.pathname.endsWith(".manifest");
}

/** The page a router request is about: `/jobs/1.rsc?_routes=…` → `/jobs/1`, `/_.rsc` → `/`. */
export function pageOf(url: URL): URL {
  const page = new URL(url);
  page.pathname = page.pathname.replace(/(\/_)?\.(rsc|manifest)$/, "") || "/";
  page.searchParams.delete("_routes");
  return page;
}

function isHere(url: URL): boolean {
  return url.pathname === window.location.pathname && url.search === window.location.search;
}

/**
 * Payloads made here stand in for an answer that never came: a stream registered below is decoded to its payload
 * without React's Flight decoder (decodeWith), so React Router takes it like any answer of ours.
 */
const madeHere = new WeakMap<ReadableStream<Uint8Array>, unknown>();

function answerWith(payload: unknown, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  madeHere.set(body, payload);
  // X-Remix-Response: React Router decodes the body whatever the status instead of throwing an error page.
  return new Response(body, { status, headers: { "Content-Type": "text/x-component", "X-Remix-Response": "yes" } });
}

type Decode = (stream: ReadableStream<Uint8Array>, options?: unknown) => Promise<unknown>;

/** React Router's decoder, which knows the payloads made here. */
export function decodeWith(decode: Decode): Decode {
  return (stream, options) => (madeHere.has(stream) ? Promise.resolve(madeHere.get(stream)) : decode(stream, options));
}

let clientVersion: unknown;
/** The build's version, from the document's own payload: a payload without it would make React Router reload. */
export function rememberClientVersion(version: unknown): void {
  clientVersion = version;
}

const never = () => new Promise<Response>(() => {});

async function formDataOf(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

function reportFailedWrite(action: string, formData: FormData | null): void {
  const intent = formData?.get("intent");
  showToast(failureToastFor(action, typeof intent === "string" ? intent : null));
  window.dispatchEvent(new CustomEvent<MutationFailure>(MUTATION_FAILED_EVENT, { detail: { action, formData } }));
}

/**
 * A page action that got no answer (`sent` is a copy of its request, body unread): its toast, and an answer that
 * ends the submission without an error. A fetcher's (and a form's that posts to the page it is on) ends with no
 * data and a status that skips revalidation, so the page keeps what it shows and the form what was typed; a form
 * that posts to another page comes back to this one, as the action's redirect would have brought it.
 */
export async function answerFailedWrite(sent: Request): Promise<Response> {
  const action = pageOf(new URL(sent.url));
  reportFailedWrite(action.pathname, await formDataOf(sent));
  const router = browserRouter();
  const navigation = router?.state.navigation;
  const target = navigation?.state === "submitting" ? navigation.location : undefined;
  const postedElsewhere = target !== undefined && !isHere(new URL(target.pathname + target.search, window.location.href));
  if (!router || postedElsewhere) {
    const back = window.location.pathname + window.location.search + window.location.hash;
    return answerWith({ type: "redirect", status: 303, location: back, reload: false, replace: true });
  }
  const routeId = matchRoutes(router.routes, action.pathname)?.at(-1)?.route.id;
  return answerWith({ type: "render", actionData: routeId ? { [routeId]: null } : {}, matches: [], clientVersion }, 503);
}

/**
 * A page's RSC payload that got no answer. The page the user is on (a revalidation, a click on the current page)
 * keeps what it shows: its current data stands in for the answer. Another page is loaded as a document.
 */
export function answerFailedRead(sent: Request): Promise<Response> {
  const requested = new URL(sent.url);
  const page = pageOf(requested);
  const router = browserRouter();
  if (!router || !isHere(page)) {
    window.location.assign(page.href);
    return never();
  }
  const wanted = requested.searchParams.get("_routes")?.split(",") ?? router.state.matches.map((match) => match.route.id);
  const loaderData = Object.fromEntries(wanted.map((id) => [id, router.state.loaderData[id]]));
  return Promise.resolve(answerWith({ type: "render", loaderData, matches: [], clientVersion }));
}

/**
 * A route manifest that got no answer. React Router asks for one before it first goes to a page or posts to an
 * action it has not seen: a navigation becomes a document load; a fetcher posting there ends as a failed write;
 * the eager discovery of a page's links fails quietly as before.
 */
export function answerFailedManifest(sent: Request, error: unknown): Promise<Response> {
  const router = browserRouter();
  const navigation = router?.state.navigation;
  if (router && navigation?.state === "loading" && navigation.location) {
    const { pathname, search, hash } = navigation.location;
    window.location.assign(pathname + search + hash);
    return never();
  }
  let failedWrite = false;
  for (const [key, fetcher] of router?.state.fetchers ?? []) {
    if (fetcher.state !== "submitting" || !fetcher.formAction) continue;
    failedWrite = true;
    reportFailedWrite(new URL(fetcher.formAction, window.location.href).pathname, fetcher.formData ?? null);
    router!.deleteFetcher(key);
  }
  if (router && navigation?.state === "submitting" && navigation.formAction) {
    failedWrite = true;
    reportFailedWrite(new URL(navigation.formAction, window.location.href).pathname, navigation.formData ?? null);
    void router.navigate(window.location.pathname + window.location.search + window.location.hash, { replace: true, preventScrollReset: true });
  }
  if (failedWrite) return never();
  return Promise.reject(error instanceof Error ? error : new Error(`Unable to fetch ${sent.url}`));
}

/** Calls `onFailure` with what was sent each time a write to the page `action` failed this way. */
export function subscribeToFailedWrites(action: string, onFailure: (formData: FormData | null) => void): () => void {
  const listener = (event: Event) => {
    const { detail } = event as CustomEvent<MutationFailure>;
    if (detail.action === action) onFailure(detail.formData);
  };
  window.addEventListener(MUTATION_FAILED_EVENT, listener);
  return () => window.removeEventListener(MUTATION_FAILED_EVENT, listener);
}
