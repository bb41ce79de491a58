// Lets plain Node run the app's model modules for the benchmark, as vitest's
// config does for tests: "~/" is app/, imports may omit ".ts"/".tsx", and the
// RSC marker "server-only" is a no-op. Loaded with `node --import`.
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const appDir = pathToFileURL(path.resolve(import.meta.dirname, "../../app") + "/").href;
const EMPTY_MODULE = "data:text/javascript,export {};";

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "server-only") return { url: EMPTY_MODULE, shortCircuit: true };
    const target = specifier.startsWith("~/") ? new URL(specifier.slice(2), appDir).href : specifier;
    try {
      return nextResolve(target, context);
    } catch (error) {
      const local = target.startsWith(".") || target.startsWith("file:");
      if (!local || (error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
      for (const extension of [".ts", ".tsx"]) {
        try {
          return nextResolve(target + extension, context);
        } catch {
          // try the next extension
        }
      }
      throw error;
    }
  },
});
