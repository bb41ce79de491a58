import "server-only";
import zlib from "node:zlib";
import { getConfig } from "./config.server";
import { negotiateEncoding } from "./compression.server";

// Visitor pages (issue 19, step 1): a page that is the same bytes for every visitor without a cookie, and carries
// no script, is rendered once per instance and served from memory, with its brotli and gzip variants made once.
// A request with any cookie (a session, a flashed toast) goes down the rendered path as before.

/** The paths whose cookie-less document is the same for everyone: the landing page. */
const VISITOR_PATHS = new Set(["/"]);

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
  return VISITOR_PATHS.has(url.pathname) && url.search === "" && url.origin === getConfig().appUrl.origin;
}

/**
 * The visitor page from memory, rendering and keeping it first when needed. `policy` is the document's
 * Content-Security-Policy without a nonce (the page has no inline script). A page that hydrates, fails, or sets a
 * cookie is answered as rendered and not kept.
 */
export async function visitorPage(request: Request, render: () => Promise<RenderedPage>, policy: string): Promise<Response> {
  const key = new URL(request.url).pathname;
  let page = kept.get(key);
  if (!page) {
    const rendered = await render();
    const { response } = rendered;
    const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
    if (rendered.hydrate || response.status !== 200 || !html || response.headers.has("Set-Cookie") || !response.body) return response;
    const identity = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !["content-security-policy", "content-length"].includes(name.toLowerCase()));
    page = {
      status: response.status,
      headers: [...headers, ["Content-Security-Policy", policy]],
      identity,
      br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzip: zlib.gzipSync(identity, { level: 9 }),
    };
    kept.set(key, page);
  }
  return answerFrom(request, page);
}

function answerFrom(request: Request, page: KeptPage): Response {
  const encoding = negotiateEncoding(request.headers.get("Accept-Encoding"));
  const body = encoding ? page[encoding] : page.identity;
  const headers = new Headers(page.headers);
  headers.append("Vary", "Accept-Encoding");
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: page.status, headers });
}
