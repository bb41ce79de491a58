import { createFromReadableStream } from "@vitejs/plugin-rsc/ssr";
import { renderToReadableStream } from "react-dom/server.edge";
import {
  unstable_routeRSCServerRequest as routeRSCServerRequest,
  unstable_RSCStaticRouter as RSCStaticRouter,
} from "react-router";
import subResourceIntegrity from "virtual:react-router/unstable_rsc/subresource-integrity";

// React Router's default RSC SSR entry, except that an HTML document waits for
// every Suspense boundary and inlines it: without JavaScript, streamed content
// (revealed by inline scripts) would never replace its skeleton. Client-side
// navigations still stream the RSC payload, skeletons first. `nonce` goes on
// every inline script: React's bootstrap and boundary scripts, the injected
// RSC payload and <ScrollRestoration> (decision 0020).
export async function generateHTML(request: Request, serverResponse: Response, nonce: string): Promise<Response> {
  return await routeRSCServerRequest({
    request,
    serverResponse,
    createFromReadableStream,
    nonce,
    async renderHTML(getPayload, options) {
      const payload = await getPayload();
      const formState = payload.type === "render" ? await payload.formState : undefined;
      const bootstrapScriptContent = await import.meta.viteRsc.loadBootstrapScriptContent("index");
      const stream = await renderToReadableStream(<RSCStaticRouter getPayload={getPayload} nonce={options.nonce} />, {
        ...options,
        bootstrapScriptContent,
        formState,
        importMap: subResourceIntegrity ? { integrity: subResourceIntegrity } : undefined,
        signal: request.signal,
        // Inline every completed boundary (React outlines large ones behind their fallback).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      });
      await stream.allReady;
      return stream;
    },
  });
}
