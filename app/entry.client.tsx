import "virtual:react-router/unstable_rsc/inject-hmr-runtime";

import { createFromReadableStream, createTemporaryReferenceSet, encodeReply, setServerCallback } from "@vitejs/plugin-rsc/browser";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import {
  unstable_createCallServer as createCallServer,
  unstable_getRSCStream as getRSCStream,
  unstable_RSCHydratedRouter as RSCHydratedRouter,
  type unstable_RSCPayload as RSCPayload,
} from "react-router/dom";

import { decodeWith, rememberClientVersion } from "~/lib/failed-requests";
import { createRouterFetch } from "~/lib/router-fetch";

// A redirect to sign-in (the session ended while the page was open) is a full-page visit, and a request that got no
// answer from us never replaces the page (app/lib/router-fetch.ts).
const routerFetch = createRouterFetch((stream) => createFromReadableStream(stream));
const routerDecode = decodeWith(createFromReadableStream as Parameters<typeof decodeWith>[0]) as typeof createFromReadableStream;

// React Router's default RSC browser entry, with a fetch that leaves for sign-in (zod's browser setting is in app/lib/forms.ts).
setServerCallback(
  createCallServer({
    createFromReadableStream,
    createTemporaryReferenceSet,
    encodeReply,
    fetch: routerFetch,
  }),
);

// The service worker (decision 0076): built files from its cache, the offline page, push notices. Registered once
// the page has loaded, so it never competes with the page's own requests; a production build's only (/sw.js).
// This entry is imported by the document's bootstrap script, which the load event does not wait for.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // No worker (a private window, storage refused): the app works as without one.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

createFromReadableStream<RSCPayload>(getRSCStream()).then((payload) => {
  if (payload.type === "render") rememberClientVersion(payload.clientVersion);
  startTransition(async () => {
    const formState = payload.type === "render" ? await payload.formState : undefined;

    hydrateRoot(
      document,
      <StrictMode>
        <RSCHydratedRouter createFromReadableStream={routerDecode} fetch={routerFetch} payload={payload} />
      </StrictMode>,
      {
        formState,
      },
    );
  });
});
