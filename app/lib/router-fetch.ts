import type { unstable_RSCPayload as RSCPayload } from "react-router/dom";

import { answerFailedManifest, answerFailedRead, answerFailedWrite, isAnswerFromUs, isRouterRequest } from "./failed-requests.ts";
import { isSignInLocation, leaveForSignIn, reportLoggedOut } from "./session-ended.ts";

type Decode = (stream: ReadableStream<Uint8Array>) => Promise<unknown>;

/** React Router answers every redirect of a data request or action with 202 and a redirect payload (its RSC server). */
const REDIRECT_PAYLOAD_STATUS = 202;

/**
 * The fetch React Router's RSC client uses (RSCHydratedRouter's `fetch`, the server-call `fetch`).
 *
 * A redirect payload to sign-in (a loader or action whose session ended) would make the router follow it as a
 * client-side navigation, and then the identity provider's redirect: that page is no route of ours (it ended on
 * 'Something went wrong'). Instead, the browser goes there itself: after a mutation with the spec's
 * 'Unauthorized' toast and 500 ms delay (spec §8), after a navigation at once. The router's request never
 * settles, as the page is being left.
 *
 * A request that got no answer from us (the connection failed, or something in between answered with a page of
 * its own) never reaches the router as an error, which would replace the page with 'Something went wrong':
 * app/lib/failed-requests.ts answers it instead.
 */
export function createRouterFetch(decode: Decode, fetchImplementation: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const mutation = request.method !== "GET" && request.method !== "HEAD";
    const url = new URL(request.url);
    if (!isRouterRequest(url)) return fetchImplementation(request);
    // A copy whose body is still unread, for the failure toast (which action, which intent).
    const sent = mutation ? request.clone() : request;
    let response: Response;
    try {
      response = await fetchImplementation(request);
    } catch (error) {
      if (request.signal.aborted) throw error;
      return answerFailure(sent, url, error);
    }
    if (!isAnswerFromUs(response)) {
      void response.body?.cancel().catch(() => {});
      return answerFailure(sent, url, new Error(`${response.status} ${response.statusText}`));
    }
    if (response.status !== REDIRECT_PAYLOAD_STATUS || !response.body) return response;
    const location = await redirectLocation(response.clone(), decode);
    if (!location || !isSignInLocation(location)) return response;
    if (mutation) reportLoggedOut();
    else leaveForSignIn(location);
    return new Promise<Response>(() => {});
  };
}

function answerFailure(sent: Request, url: URL, error: unknown): Promise<Response> {
  if (sent.method !== "GET" && sent.method !== "HEAD") return answerFailedWrite(sent);
  if (url.pathname.endsWith(".manifest")) return answerFailedManifest(sent, error);
  return answerFailedRead(sent);
}

async function redirectLocation(response: Response, decode: Decode): Promise<string | null> {
  try {
    const payload = (await decode(response.body!)) as RSCPayload;
    return payload.type === "redirect" ? payload.location : null;
  } catch {
    return null;
  }
}
