import "server-only";

import type { ApiEndpoint, ApiMethod, Endpoints } from "~/http/api-route.server";
import { apiRoutePath, openApiPath } from "~/lib/api-route-files";

// The JSON API as its route modules declare it (decision 0070): each module of app/routes/api/ is a route whose
// path is its file name (app/routes.ts makes it so) and whose `endpoints` say what it takes. The OpenAPI document
// and the `Allow` of a 405 or OPTIONS are read from here. The modules are loaded when first asked for (they are the
// routes' own modules: nothing more is loaded at start).

const modules = import.meta.glob<Endpoints>("../routes/api/*.ts", { import: "endpoints" });

/** An /api route: its pattern as React Router matches it (/api/jobs/:id) and how its endpoints are loaded. */
const routes = Object.entries(modules)
  .map(([file, load]) => {
    const routePath = apiRoutePath(file.slice(file.lastIndexOf("/") + 1));
    return { pattern: `/${routePath}`, path: openApiPath(routePath), load };
  })
  .sort((a, b) => (a.path < b.path ? -1 : 1));

const byPattern = new Map(routes.map((route) => [route.pattern, route]));

/** The endpoints of the route matching a pattern (/api/jobs/:id), or undefined for no /api route. */
export async function endpointsOf(pattern: string): Promise<Endpoints | undefined> {
  const route = byPattern.get(pattern);
  return route && (await route.load());
}

/** Every endpoint of the API, route by route in the order of their paths, each route's in its own order. */
export async function apiEndpoints(): Promise<ApiEndpoint[]> {
  const loaded = await Promise.all(routes.map(async ({ path, load }) => ({ path, endpoints: await load() })));
  return loaded.flatMap(({ path, endpoints }) => {
    if (!endpoints || Object.keys(endpoints).length === 0) throw new Error(`${path}: its module in app/routes/api/ exports no endpoints`);
    return Object.entries(endpoints).map(([method, { serve: _serve, ...doc }]) => ({ ...doc, method: method as ApiMethod, path }));
  });
}
