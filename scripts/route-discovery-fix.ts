// React Router 8.4 in RSC mode discovers routes lazily: a page knows only the
// routes it matched until a `.manifest` request tells it about the others. The
// root route matches "/" on its own, so a click on a link to "/" made before
// that request has answered (a page that has just loaded, a slow server) counts
// as fully matched: the router skips discovery, asks the server to render the
// root alone, and the user gets the header over an empty page. Framework mode
// without RSC avoids this by sending root-level index routes with every page;
// RSC mode does not. The fix makes a match that ends on a route known to have
// children, which React Router only produces when the child that should match
// is still undiscovered, go through discovery like a match on a parameter does.
// Remove it when React Router does this itself: the build then fails here,
// because the patched lines have changed.
import type { Plugin } from "vite";

const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](development|production)[\\/]lib[\\/]router[\\/]router\.js$/;

const PARAMETER_CHECK = "\t\t\telse if (Object.keys(matches[0].params).length > 0) return {\n";
const PARAMETER_OR_LAYOUT_CHECK =
  "\t\t\telse if (Object.keys(matches[0].params).length > 0 || matches[matches.length - 1].route.children?.length > 0) return {\n";

/** React Router's router module with the fix applied; throws when its source is not the one this fix was written for. */
export function patchRouteDiscovery(source: string): string {
  if (source.split(PARAMETER_CHECK).length - 1 !== 1 || !source.includes("function checkFogOfWar(matches, pathname)")) {
    throw new Error(
      "react-router/dist/*/lib/router/router.js is not the version scripts/route-discovery-fix.ts patches (8.4). " +
        "If its checkFogOfWar now discovers routes below a matched layout, remove the fix; otherwise port it.",
    );
  }
  return source.replace(PARAMETER_CHECK, PARAMETER_OR_LAYOUT_CHECK);
}

/** Applies the fix wherever the router module is bundled (the browser build and the dev server). */
export function routeDiscoveryFix(): Plugin {
  return {
    name: "nearhand-route-discovery-fix",
    transform: {
      filter: { id: ROUTER_MODULE },
      handler(code, id) {
        if (!ROUTER_MODULE.test(id)) return;
        return { code: patchRouteDiscovery(code), map: null };
      },
    },
  };
}
