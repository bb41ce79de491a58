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
//
// Second: a page marks the paths of its links as discovered as soon as the
// manifest answer arrives, but adds their routes only once the answer's body
// has been decoded. A click in between finds the path "discovered", fetches
// nothing, matches nothing and shows the 404 page. The fix marks the paths once
// their routes are in.
//
// Remove both when React Router does this itself: the build then fails here,
// because the patched lines have changed.
import type { Plugin } from "vite";

const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](development|production)[\\/]lib[\\/]router[\\/]router\.js$/;
const RSC_BROWSER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](development|production)[\\/]lib[\\/]rsc[\\/]browser\.js$/;

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

const MARKED_BEFORE_PATCHING = `\tpaths.forEach((p) => addToFifoQueue(p, discoveredPaths));
\tlet patches = await payload.patches;
\tReact$1.startTransition(() => {
\t\tpatches.forEach((p) => {
\t\t\twindow.__reactRouterDataRouter.patchRoutes(p.parentId ?? null, [createRouteFromServerManifest(p)]);
\t\t});
\t});
`;
const MARKED_AFTER_PATCHING = `\tlet patches = await payload.patches;
\tReact$1.startTransition(() => {
\t\tpatches.forEach((p) => {
\t\t\twindow.__reactRouterDataRouter.patchRoutes(p.parentId ?? null, [createRouteFromServerManifest(p)]);
\t\t});
\t});
\tpaths.forEach((p) => addToFifoQueue(p, discoveredPaths));
`;

/** React Router's RSC browser module with the second fix applied; throws when its source is not the one it was written for. */
export function patchManifestDiscovery(source: string): string {
  if (source.split(MARKED_BEFORE_PATCHING).length - 1 !== 1) {
    throw new Error(
      "react-router/dist/*/lib/rsc/browser.js is not the version scripts/route-discovery-fix.ts patches (8.4). " +
        "If fetchAndApplyManifestPatches now marks paths after patching their routes, remove the fix; otherwise port it.",
    );
  }
  return source.replace(MARKED_BEFORE_PATCHING, MARKED_AFTER_PATCHING);
}

/** Applies both fixes wherever the modules are bundled (the browser build and the dev server). */
export function routeDiscoveryFix(): Plugin {
  return {
    name: "nearhand-route-discovery-fix",
    transform: {
      filter: { id: [ROUTER_MODULE, RSC_BROWSER_MODULE] },
      handler(code, id) {
        if (ROUTER_MODULE.test(id)) return { code: patchRouteDiscovery(code), map: null };
        if (RSC_BROWSER_MODULE.test(id)) return { code: patchManifestDiscovery(code), map: null };
        return undefined;
      },
    },
  };
}
