import {
  createTemporaryReferenceSet,
  decodeAction,
  decodeFormState,
  decodeReply,
  loadServerAction,
  renderToReadableStream,
} from "@vitejs/plugin-rsc/rsc";
import { RouterContextProvider, unstable_matchRSCServerRequest as matchRSCServerRequest } from "react-router";
import basename from "virtual:react-router/unstable_rsc/basename";
import clientVersion from "virtual:react-router/unstable_rsc/client-version";
import routeDiscovery from "virtual:react-router/unstable_rsc/route-discovery";
import routes from "virtual:react-router/unstable_rsc/routes";
import type * as ssrEntry from "./entry.ssr.tsx";
import { isServiceUnavailable, serviceUnavailableResponse, withServiceUnavailable } from "./services/service-unavailable.server";

// React Router's default RSC entry, except that a request that failed because
// the database could not be reached answers 503 (decision 0019), plus the
// services server.ts needs, so the Node server and the routes share one
// instance of the database, sessions and sockets.
export { nodeServices } from "./services/node-services.server";

async function fetchServer(request: Request, requestContext?: RouterContextProvider): Promise<Response> {
  // Resource routes (the JSON API) turn a thrown error into a bare 500; this is how we learn why.
  let unreachable = false;
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
    },
    generateResponse(match, options) {
      const { statusCode, headers, payload } = withServiceUnavailable(match);
      return new Response(renderToReadableStream(payload, options), { status: statusCode, headers });
    },
  });
  if (unreachable && response.status === 500 && response.headers.get("React-Router-Resource") === "true") {
    return serviceUnavailableResponse();
  }
  return response;
}

export default {
  async fetch(request: Request, requestContext?: RouterContextProvider): Promise<Response> {
    if (requestContext && !(requestContext instanceof RouterContextProvider)) requestContext = undefined;
    const ssr = await import.meta.viteRsc.loadModule<typeof ssrEntry>("ssr", "index");
    return await ssr.generateHTML(request, await fetchServer(request, requestContext));
  },
};

if (import.meta.hot) {
  import.meta.hot.accept();
}
