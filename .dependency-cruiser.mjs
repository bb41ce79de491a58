// The floors of docs/architecture.md: an import runs down, never up, and never in a circle.
// routes (and the app's entry files) and http sit on top; then components → operations → models → infra → db → lib.
// app/dev holds the development stand-ins: only the development entry (http/node-services) loads them.
const floor = (name) => `^app/${name}/`;
const ROUTES = "^app/(routes/|root\\.tsx|routes\\.ts|entry\\.)";
const HTTP = floor("http");
const COMPONENTS = floor("components");
const OPERATIONS = floor("operations");
const MODELS = floor("models");
const INFRA = floor("infra");
const DEV = floor("dev");
const LIB = floor("lib");
const DB = "^db/";

const never = (name, from, to, comment) => ({
  name,
  comment,
  severity: "error",
  from: { path: from },
  to: { path: to },
});

export default {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "An import cycle ties two modules into one.",
      from: {},
      to: { circular: true },
    },
    never("lib-is-the-ground", LIB, `^app/(?!lib/)|${DB}`, "lib is pure code and the vocabulary: it imports only itself."),
    never("db-stands-on-lib", DB, "^app/(?!lib/)", "db/ (schema, client, migrations) reads only the vocabulary of app/lib."),
    never(
      "infra-below-models",
      INFRA,
      `${ROUTES}|${HTTP}|${COMPONENTS}|${OPERATIONS}|${MODELS}|${DEV}`,
      "Infrastructure serves the models; the development entry hands it its stand-ins.",
    ),
    never(
      "models-below-operations",
      MODELS,
      `${ROUTES}|${HTTP}|${COMPONENTS}|${OPERATIONS}|${DEV}`,
      "Models hold queries and invariants; use cases call them.",
    ),
    never(
      "operations-below-views",
      OPERATIONS,
      `${ROUTES}|${HTTP}|${COMPONENTS}|${DEV}`,
      "Operations are the use cases, shared by pages and /api: they know no view and no HTTP.",
    ),
    never("components-below-routes", COMPONENTS, `${ROUTES}|${HTTP}|${DEV}`, "Components render what they are given."),
    {
      ...never(
        "http-beside-routes",
        HTTP,
        `${ROUTES}|${DEV}`,
        "The request edge serves routes and never imports them; only the development entry loads app/dev.",
      ),
      from: { path: HTTP, pathNot: "^app/http/node-services\\.server\\.ts$" },
    },
    never(
      "http-entry-loads-only-stand-ins",
      "^app/http/node-services\\.server\\.ts$",
      `${ROUTES}|${DEV}(?!stand-ins\\.server\\.ts|oidc\\.server\\.ts)`,
      "The development entry loads the stand-ins through app/dev/stand-ins.server.ts.",
    ),
    never("routes-never-load-dev", ROUTES, DEV, "Development stand-ins are loaded by the development entry only."),
    never(
      "dev-stands-on-infra",
      DEV,
      `${ROUTES}|${COMPONENTS}|${OPERATIONS}|${MODELS}`,
      "The stand-ins imitate outside services: they know no use case.",
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
    combinedDependencies: true,
  },
};
