import path from "node:path";

// The peer imports the bench's shared queries and, through them, the app's pure location helpers: the
// repository is the root Turbopack may read.
const root = path.resolve(import.meta.dirname, "../../..");

export default {
  turbopack: { root },
  outputFileTracingRoot: root,
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
};
