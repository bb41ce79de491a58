// React Router 8.4's RSC framework renders, inside every route's server
// component, an empty client component from the route's client module
// (`EnsureClientRouteModuleForHMR___`), so that hot module replacement finds a
// client chunk for every route. A production build has no HMR, yet every page
// loaded one such chunk per matched route. The build leaves the element out;
// development keeps it.
//
// When React Router stops emitting it, nothing matches and this is a no-op; the
// unit test then fails, so that this file is removed.
import type { Plugin } from "vite";

const HMR_ANCHOR_ELEMENT = /React\.createElement\(EnsureClientRouteModuleForHMR___, null\),\s*/g;

/** A route's server entry without the HMR anchor element; other code is returned unchanged. */
export function stripHmrAnchor(code: string): string {
  return code.replace(HMR_ANCHOR_ELEMENT, "");
}

export function hmrAnchorStrip(): Plugin {
  return {
    name: "nearhand-hmr-anchor-strip",
    apply: "build",
    transform: {
      filter: { code: "EnsureClientRouteModuleForHMR___, null)" },
      handler(code) {
        const stripped = stripHmrAnchor(code);
        return stripped === code ? undefined : { code: stripped, map: null };
      },
    },
  };
}
