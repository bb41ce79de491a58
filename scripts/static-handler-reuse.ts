// React Router 8.4's RSC server (`matchRSCServerRequest`) builds a new static
// handler for every request: it converts the route tree and flattens, ranks
// and compiles the path pattern of every route, about 6% of the CPU time of a
// page on this app (45 routes). Framework mode without RSC builds one per
// build and reuses it, which is what a static handler is for. The server
// build gets the same: one handler per route tree and basename.
//
// Remove this when React Router reuses the handler itself: the build then
// fails here, because the patched line has changed.
import type { Plugin } from "vite";

const RSC_SERVER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](development|production)[\\/]index-react-server\.js$/;

const PER_REQUEST = "\tlet staticHandler = createStaticHandler(routes, { basename });\n";
const REUSED = "\tlet staticHandler = reusedStaticHandler(routes, basename);\n";
const HELPER = `
const staticHandlersByRoutes = /* @__PURE__ */ new WeakMap();
function reusedStaticHandler(routes, basename) {
	let byBasename = staticHandlersByRoutes.get(routes);
	if (!byBasename) staticHandlersByRoutes.set(routes, byBasename = new Map());
	let handler = byBasename.get(basename);
	if (!handler) byBasename.set(basename, handler = createStaticHandler(routes, { basename }));
	return handler;
}
`;

/** React Router's RSC server module with the fix applied; throws when its source is not the one this fix was written for. */
export function patchStaticHandlerReuse(source: string): string {
  if (source.split(PER_REQUEST).length - 1 !== 1) {
    throw new Error(
      "react-router's index-react-server.js is not the version scripts/static-handler-reuse.ts patches (8.4). " +
        "If matchRSCServerRequest reuses its static handler now, remove the fix; otherwise port it.",
    );
  }
  return source.replace(PER_REQUEST, REUSED) + HELPER;
}

export function staticHandlerReuse(): Plugin {
  return {
    name: "nearhand-static-handler-reuse",
    transform: {
      filter: { id: RSC_SERVER_MODULE },
      handler(code, id) {
        if (!RSC_SERVER_MODULE.test(id)) return;
        return { code: patchStaticHandlerReuse(code), map: null };
      },
    },
  };
}
