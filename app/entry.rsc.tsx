import {
  createTemporaryReferenceSet,
  decodeAction,
  decodeFormState,
  decodeReply,
  loadServerAction,
  renderToReadableStream,
} from "@vitejs/plugin-rsc/rsc.node";
import { isRouteErrorResponse, matchRoutes, unstable_matchRSCServerRequest as matchRSCServerRequest, RouterContextProvider } from "react-router";
import basename from "virtual:react-router/unstable_rsc/basename";
import clientVersion from "virtual:react-router/unstable_rsc/client-version";
import routeDiscovery from "virtual:react-router/unstable_rsc/route-discovery";
import routes from "virtual:react-router/unstable_rsc/routes";

import type * as ssrEntry from "~/entry.ssr";
import { allowedMethods, apiOptionsResponse } from "~/http/api-methods.server";
import { apiError } from "~/http/api.server";
import { socketAddressContext } from "~/http/client-address.server";
import { documentRequestContext, rendersDocument } from "~/http/document-request.server";
import { reportError, reportingRenderErrors, reportPayloadErrors } from "~/http/error-report.server";
import { answerUnread } from "~/http/request-body.server";
import { servedSignedIn } from "~/http/request-session.server";
import { createNonce, documentPolicy } from "~/http/security-headers.server";
import { isServiceUnavailable, serviceUnavailableResponse, withServiceUnavailable } from "~/http/service-unavailable.server";
import { staticDocumentContext } from "~/http/static-document.server";
import { isVisitorPageRequest, recognizeUnknownPaths, visitorPage, type RenderedPage } from "~/http/visitor-pages.server";
import { getConfig } from "~/infra/config.server";
import { withoutScripts } from "~/lib/static-html";

// React Router's default RSC entry, plus: the services server.ts needs (so the
// Node server and the routes share one instance of the database, sessions and
// sockets), the client's address for rate limits, a fresh CSP nonce for every
// HTML document (decision 0020), documents without JavaScript for signed-out
// visitors (decision 0029), and 503 for a request that failed because the
// database could not be reached (decision 0019).
export { nodeServices } from "~/http/node-services.server";

// The route pattern a path matched ("/api/jobs/:id"), for the metrics' labels; "unmatched" when its deepest match is
// the catch-all route. matchRoutes ranks every route on each call: answers are remembered (a bounded map, emptied
// when full).
const patterns = new Map<string, string>();
export function routePatternOf(pathname: string): string {
  let pattern = patterns.get(pathname);
  if (pattern === undefined) {
    const route = matchRoutes(routes as Parameters<typeof matchRoutes>[0], pathname, basename)?.at(-1)?.route;
    // The routes are flat (routes.ts): the deepest match's path is the whole pattern; the index route has none.
    pattern = !route || route.path === "*" ? "unmatched" : `/${route.index ? "" : (route.path ?? "")}`;
    if (patterns.size >= 10_000) patterns.clear();
    patterns.set(pathname, pattern);
  }
  return pattern;
}

// A path no route but the catch-all matches is a 404 for everyone: its visitor page is kept once.
recognizeUnknownPaths((pathname) => routePatternOf(pathname) === "unmatched");

async function fetchServer(request: Request, requestContext: RouterContextProvider): Promise<Response> {
  // Resource routes (the JSON API) turn a thrown error into a bare 500, and React Router logs none of the errors it
  // catches: each is reported here (error-report.server.ts).
  let unreachable = false;
  let routerRefusal: number | undefined;
  const response = await matchRSCServerRequest({
    basename,
    createTemporaryReferenceSet,
    decodeAction,
    decodeFormState,
    decodeReply,
    loadServerAction,
    clientVersion,
    request,
    requestContext,
    routes,
    routeDiscovery,
    onError(error) {
      if (isServiceUnavailable(error)) unreachable = true;
      if (isRouteErrorResponse(error) && (error as { internal?: boolean }).internal) routerRefusal = error.status;
      reportError(error, "route", request);
    },
    generateResponse(match, options) {
      reportPayloadErrors(match.payload);
      const { statusCode, headers, payload } = withServiceUnavailable(match);
      const rendering = { ...options, onError: reportingRenderErrors(options.onError) };
      return new Response(renderToReadableStream(payload, rendering), { status: statusCode, headers });
    },
  });
  const resource = response.headers.get("React-Router-Resource") === "true";
  if (unreachable && response.status === 500 && resource) return serviceUnavailableResponse();
  if (routerRefusal !== undefined && resource) return inOurWords(routerRefusal) ?? response;
  return response;
}

const ROUTER_REFUSALS: Record<number, [number, string]> = {
  400: [400, "Bad Request"],
  403: [404, "Not Found"],
  404: [404, "Not Found"],
  405: [405, "Method not allowed"],
};

/**
 * React Router's own refusals of a resource request name route modules ("Route "../routes/api/jobs.$id" does not
 * match URL "/api/jobs/my-jobs"" for /api/jobs/my-jobs.data): the API says them in its own words (§8). A URL
 * the matched route does not serve is not found.
 */
function inOurWords(status: number): Response | undefined {
  const refusal = ROUTER_REFUSALS[status];
  if (!refusal) return undefined;
  const response = apiError(...refusal);
  response.headers.set("React-Router-Resource", "true");
  return response;
}

/** What server.ts tells about the connection (node-fetch-server's ClientAddress). */
export interface ClientInfo {
  address: string;
}

export default {
  /**
   * Every answer leaves the connection clean: a body nothing read (a refusal before any route, an undecodable
   * URL) is read and dropped when small, else the connection closes. Left unread, it stayed in the socket and
   * the next request a keep-alive client sent there was reset.
   */
  async fetch(request: Request, client?: ClientInfo): Promise<Response> {
    return answerUnread(request, await answer(request, client));
  },
};

async function answer(request: Request, client?: ClientInfo): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return answerApi(request, client, url.pathname);
  if (!isVisitorPageRequest(request)) return (await renderPage(request, client)).response;
  const policy = documentPolicy({ nonce: null, pageOrigin: url.origin, config: getConfig(), allowEval: import.meta.env.DEV });
  return visitorPage(request, () => renderPage(request, client), policy);
}

/** React Router's own forms of a URL (its RSC payload, single-fetch data): no API path ends so. */
const ROUTER_REQUEST_SUFFIX = /\.(rsc|data|manifest)$/;

/**
 * An /api request: OPTIONS and a 405 name the route's methods (`Allow`); anything else is the route's answer.
 * React Router's forms of an API path are unknown API paths: rendered, they answered a page or an RSC payload.
 */
async function answerApi(request: Request, client: ClientInfo | undefined, pathname: string): Promise<Response> {
  if (ROUTER_REQUEST_SUFFIX.test(pathname)) return inOurWords(404)!;
  const pattern = routePatternOf(pathname);
  if (request.method === "OPTIONS") return await apiOptionsResponse(pattern);
  const { response } = await renderPage(request, client);
  const allow = response.status === 405 ? await allowedMethods(pattern) : undefined;
  return allow ? withHeader(response, "Allow", allow) : response;
}

async function renderPage(request: Request, client?: ClientInfo): Promise<RenderedPage> {
  const context = new RouterContextProvider();
  // server.ts passes the client; under the Vite dev server the request is srvx's, which carries `ip`.
  const address = client?.address ?? (request as Request & { ip?: unknown }).ip;
  context.set(socketAddressContext, typeof address === "string" ? address : null);
  context.set(documentRequestContext, rendersDocument(request));
  const serverResponse = await fetchServer(request, context);
  // Loaders have run by now: the root loader has told whether the page needs JavaScript.
  const hydrate = !context.get(staticDocumentContext);
  // A resource route's answer (the API, images) is final: it needs no nonce and no SSR entry.
  if (serverResponse.headers.get("React-Router-Resource") === "true") return { response: serverResponse, hydrate };
  const nonce = createNonce();
  const ssr = await import.meta.viteRsc.loadModule<typeof ssrEntry>("ssr", "index");
  const response = rendered(await ssr.generateHTML(request, serverResponse, nonce, hydrate), servedSignedIn(context));
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return { response, hydrate };
  const document = await wholeDocument(request, response, hydrate);
  const policy = documentPolicy({
    nonce,
    pageOrigin: new URL(request.url).origin,
    config: getConfig(),
    allowEval: import.meta.env.DEV,
  });
  return { response: withHeader(document, "Content-Security-Policy", policy), hydrate };
}

/**
 * A page rendered for this request (a document with its nonce, an RSC payload, a redirect) is for this browser
 * only: no shared cache may keep it. A signed-in user's is stored by no cache at all: Back after sign-out showed
 * the profile from the browser's cache (decision 0063). A visitor's is asked for again before the browser reuses
 * it, which keeps the back/forward cache; the visitor pages kept in memory are rendered here once and keep that
 * header: served in microseconds, they gain nothing from a cache (decision 0020).
 */
function rendered(response: Response, signedIn: boolean): Response {
  if (response.headers.has("Cache-Control")) return response;
  return withHeader(response, "Cache-Control", signedIn ? "no-store" : "private, no-cache");
}

/**
 * The document in one piece (decision 0033). It is rendered whole anyway (see
 * entry.ssr.tsx), but React Router's payload injection hands it on in dozens of
 * timer-flushed chunks: compressed one by one with a flush each, the dashboard
 * was 14% larger in brotli and took longer to compress. A document that does
 * not hydrate loses its module preloads and scripts here (decision 0029).
 */
async function wholeDocument(request: Request, response: Response, hydrate: boolean): Promise<Response> {
  if (!response.body) return response;
  try {
    const body = hydrate ? new Uint8Array(await response.arrayBuffer()) : new TextEncoder().encode(withoutScripts(await response.text()));
    // Its length tells the compression that the document is finished (compressed in one call).
    const headers = new Headers(response.headers);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  } catch (error) {
    // The client went away mid-render (decision 0024): nobody is left to answer.
    if (request.signal.aborted) return new Response(null, { status: 499 });
    throw error;
  }
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a fetched or Response.redirect() response): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

if (import.meta.hot) {
  import.meta.hot.accept();
}
