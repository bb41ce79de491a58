// The path of each JSON API route is the name of its module in app/routes/api/ (decision 0070): app/routes.ts makes
// the routes from the file names, and the OpenAPI document (app/http/api-registry.server.ts) names each module's
// endpoints by the same rule. A dot is a slash, `$name` a parameter, `[.]` a dot of the path:
//   jobs.$id.ts → api/jobs/:id · auth.user.ts → api/auth/user · openapi[.]json.ts → api/openapi.json
// Plain module: routes.ts imports it in @react-router/dev's config context.

/** The route path of a module of app/routes/api/ (its file name): "jobs.$id.ts" → "api/jobs/:id". */
export function apiRoutePath(file: string): string {
  if (!/^[A-Za-z0-9$[\].-]+\.ts$/.test(file)) throw new Error(`${file}: an /api route module is named like jobs.$id.ts`);
  const segments = file
    .slice(0, -".ts".length)
    .split(/(?<!\[)\.(?!\])/)
    .map((segment) => segment.replaceAll("[.]", ".").replace(/^\$/, ":"));
  return ["api", ...segments].join("/");
}

/** The OpenAPI path of a route path: "api/jobs/:id" → "/api/jobs/{id}". */
export function openApiPath(routePath: string): `/api/${string}` {
  return `/${routePath.replace(/:(\w+)/g, "{$1}")}` as `/api/${string}`;
}
