import "server-only";

import { createContext } from "react-router";

/**
 * True when the page is being rendered into an HTML document rather than an RSC payload for a client-side
 * navigation. entry.rsc.tsx sets it. A document waits for every Suspense boundary before it is sent (entry.ssr.tsx),
 * so no skeleton is ever shown there: a page leaves its fallbacks out of a document's payload (issue 36 §2), where
 * each was rendered, written and decoded for nothing.
 */
export const documentRequestContext = createContext<boolean>(false);

/** What React Router answers with an HTML document: not its own payload, manifest or server-function requests. */
export function rendersDocument(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return !(pathname.endsWith(".rsc") || pathname.endsWith(".manifest") || request.headers.has("rsc-action-id"));
}
