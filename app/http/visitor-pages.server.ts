import "server-only";

import zlib from "node:zlib";

import { negotiateEncoding } from "~/http/compression.server";
import { getConfig } from "~/infra/config.server";

// Visitor pages (issue 19, step 1): a page that is the same bytes for every visitor without a cookie, and carries
// no script, is rendered once per instance and served from memory, with its brotli and gzip variants made once.
// A request with any cookie (a session, a flashed toast) goes down the rendered path as before.

/** The paths whose cookie-less document is the same for everyone: the landing page. */
const VISITOR_PATHS = new Set(["/"]);
/** Every unknown path shares one kept 404 page. */
const NOT_FOUND_KEY = "404";

let onlyCatchAllMatches: (pathname: string) => boolean = () => false;
/** entry.rsc tells which paths no route but the catch-all 404 route matches. */
export function recognizeUnknownPaths(matcher: (pathname: string) => boolean): void {
  onlyCatchAllMatches = matcher;
}

/**
 * Which kept page a cookie-less GET of `pathname` gets: "/" for the landing, the 404 page for a path no route
 * matches, else null. Paths with escapes, API paths and React Router's own requests (".rsc" payloads,
 * "/__manifest") are always rendered.
 */
function visitorPageKey(pathname: string): string | null {
  if (VISITOR_PATHS.has(pathname)) return pathname;
  if (!/^[A-Za-z0-9/._~-]*$/.test(pathname) || pathname.startsWith("/api/") || pathname.endsWith(".rsc") || pathname.startsWith("/__")) return null;
  return onlyCatchAllMatches(pathname) ? NOT_FOUND_KEY : null;
}

export interface RenderedPage {
  response: Response;
  /** False for a document without JavaScript (decision 0029): only those can be kept. */
  hydrate: boolean;
}

interface KeptPage {
  status: number;
  headers: Array<[string, string]>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const kept = new Map<string, KeptPage>();

/** A GET or HEAD without cookies, for a visitor path without a query, addressed to the app's own origin. */
export function isVisitorPageRequest(request: Request): boolean {
  if ((request.method !== "GET" && request.method !== "HEAD") || request.headers.has("Cookie")) return false;
  const url = new URL(request.url);
  // Only the app's origin: a Host header is the client's to write, and must not grow this cache.
  return url.search === "" && url.origin === getConfig().appUrl.origin && visitorPageKey(url.pathname) !== null;
}

/**
 * The visitor page from memory, rendering and keeping it first when needed. `policy` is the document's
 * Content-Security-Policy without a nonce (the page has no inline script). A page that hydrates, fails, or sets a
 * cookie is answered as rendered and not kept.
 */
export async function visitorPage(request: Request, render: () => Promise<RenderedPage>, policy: string): Promise<Response> {
  const key = visitorPageKey(new URL(request.url).pathname);
  if (key === null) return (await render()).response;
  let page = kept.get(key);
  if (!page) {
    const rendered = await render();
    const { response } = rendered;
    const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
    const expectedStatus = key === NOT_FOUND_KEY ? 404 : 200;
    if (rendered.hydrate || response.status !== expectedStatus || !html || response.headers.has("Set-Cookie") || !response.body) return response;
    const identity = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !["content-security-policy", "content-length"].includes(name.toLowerCase()));
    page = {
      status: response.status,
      headers: [...headers, ["Content-Security-Policy", policy]],
      identity,
      br: zlib.brotliCompressSync(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      gzip: zlib.gzipSync(identity, { level: 9 }),
    };
    kept.set(key, page);
  }
  const answer = answerFrom(page, request.headers.get("Accept-Encoding"), request.method === "HEAD");
  return new Response(answer.body === null ? null : new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
}

/** What a kept page answers: its status, headers (encoding, length, Vary) and body (null for HEAD). */
export interface KeptAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer | null;
}

/** A kept page is compressed once, as small as it goes: brotli's best is smaller than zstd's quick level. */
const KEPT_ENCODINGS = ["br", "gzip"] as const;

function answerFrom(page: KeptPage, acceptEncoding: string | null, head: boolean): KeptAnswer {
  const encoding = negotiateEncoding(acceptEncoding, KEPT_ENCODINGS);
  const body = encoding ? page[encoding] : page.identity;
  const headers: Array<[string, string]> = [...page.headers, ["Vary", "Accept-Encoding"], ["Content-Length", String(body.length)]];
  if (encoding) headers.push(["Content-Encoding", encoding]);
  return { status: page.status, headers, body: head ? null : body };
}

/**
 * The Node server's fast path (server.ts): a kept visitor page answered before the request becomes a Fetch
 * Request, which costs more than the page. Null when the request is not for one, carries a body, or the page has
 * not been rendered yet (the first request renders and keeps it).
 */
export function keptVisitorPage(request: {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}): KeptAnswer | null {
  const { method, url, headers } = request;
  if ((method !== "GET" && method !== "HEAD") || headers.cookie !== undefined || url === undefined) return null;
  if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return null;
  const key = url.includes("?") ? null : visitorPageKey(url);
  const page = key === null ? undefined : kept.get(key);
  if (!page || headers.host !== getConfig().appUrl.host) return null;
  const acceptEncoding = headers["accept-encoding"];
  return answerFrom(page, typeof acceptEncoding === "string" ? acceptEncoding : null, method === "HEAD");
}
