import { createFromReadableStream } from "@vitejs/plugin-rsc/ssr";
import { renderToReadableStream } from "react-dom/server.node";
import { unstable_routeRSCServerRequest as routeRSCServerRequest, unstable_RSCStaticRouter as RSCStaticRouter } from "react-router";
import subResourceIntegrity from "virtual:react-router/unstable_rsc/subresource-integrity";

import { payloadScript } from "~/lib/payload-script";

// React Router's default RSC SSR entry, except that an HTML document waits for
// every Suspense boundary and inlines it: without JavaScript, streamed content
// (revealed by inline scripts) would never replace its skeleton. Client-side
// navigations still stream the RSC payload, skeletons first. `nonce` goes on
// every inline script: React's bootstrap and boundary scripts, the injected
// RSC payload and <ScrollRestoration> (decision 0020). A document that does
// not hydrate gets no bootstrap script; entry.rsc.tsx removes the rest (decision 0029).
// The RSC payload a hydrating document carries is written into it here, in one script, rather than by React Router's
// injection, which decodes and re-encodes the document and the payload chunk by chunk behind timers (issue 19): the
// document is finished before it is sent anyway (decision 0033).
export async function generateHTML(request: Request, serverResponse: Response, nonce: string, hydrate: boolean): Promise<Response> {
  const payload = hydrate && rendersDocument(request, serverResponse) ? new Uint8Array(await serverResponse.arrayBuffer()) : null;
  const response = await routeRSCServerRequest({
    request,
    serverResponse: payload ? new Response(payload, serverResponse) : serverResponse,
    createFromReadableStream,
    nonce,
    hydrate: false,
    async renderHTML(getPayload, options) {
      // getPayload() decodes the RSC stream anew on every call: decode it once for both uses.
      const decoded = getPayload();
      const payload = await decoded;
      const formState = payload.type === "render" ? await payload.formState : undefined;
      const bootstrapScriptContent = hydrate ? await import.meta.viteRsc.loadBootstrapScriptContent("index") : undefined;
      const clientGone = followAbort(request.signal);
      try {
        const stream = await renderToReadableStream(<RSCStaticRouter getPayload={() => decoded} nonce={options.nonce} />, {
          ...options,
          bootstrapScriptContent,
          formState,
          importMap: hydrate && subResourceIntegrity ? { integrity: subResourceIntegrity } : undefined,
          signal: clientGone.signal,
          // Inline every completed boundary (React outlines large ones behind their fallback).
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        });
        await stream.allReady;
        return stream;
      } finally {
        clientGone.release();
      }
    },
  });
  if (!payload || response.headers.has("Location") || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  // In bytes: the document (100+ KB) is not decoded into a string and encoded back for one script.
  const html = new Uint8Array(await response.arrayBuffer());
  const end = endsWithDocumentEnd(html) ? html.length - DOCUMENT_END.length : html.length;
  const script = utf8.encode(payloadScript(payload, nonce));
  const body = new Uint8Array(html.length + script.length);
  body.set(html.subarray(0, end));
  body.set(script, end);
  body.set(html.subarray(end), end + script.length);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

const utf8 = new TextEncoder();
const DOCUMENT_END = utf8.encode("</body></html>");

function endsWithDocumentEnd(html: Uint8Array): boolean {
  if (html.length < DOCUMENT_END.length) return false;
  const offset = html.length - DOCUMENT_END.length;
  return DOCUMENT_END.every((byte, i) => html[offset + i] === byte);
}

/**
 * What React Router renders as an HTML document (its routeRSCServerRequest answers the rest with the payload itself;
 * entry.rsc.tsx never sends a resource route's answer here).
 */
function rendersDocument(request: Request, serverResponse: Response): boolean {
  const { pathname } = new URL(request.url);
  if (pathname.endsWith(".rsc") || pathname.endsWith(".manifest") || request.headers.has("rsc-action-id")) return false;
  return Boolean(serverResponse.body);
}

/**
 * A signal of the render's own that aborts when the request's does, until released. React listens on the signal it
 * is given with `{ signal }` (removed when the render ends), and Node keeps such a listener's remover in a WeakMap
 * keyed by the signal listened on: given the request's own signal, which lives on after the response (undici holds
 * it until the request's clones are finalized), each page's whole render stayed reachable through several full
 * garbage collections (issue 19: 100+ MiB of old space under load, 50 ms pauses). Ours dies with the render.
 */
function followAbort(signal: AbortSignal): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener("abort", abort, { once: true });
  return { signal: controller.signal, release: () => signal.removeEventListener("abort", abort) };
}
