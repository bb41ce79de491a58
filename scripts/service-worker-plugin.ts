// Builds the service worker (app/entry.worker.ts) into the client build as /sw.js (decision 0076): one classic
// script, bundled with its rules and given the build's version (from the names of the built files, which change
// with their content) and the stylesheets to keep at install, so the offline page keeps the app's look.
import { createHash } from "node:crypto";
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORKER_ENTRY = path.join(ROOT, "app/entry.worker.ts");
export const SERVICE_WORKER_FILE = "sw.js";

export interface WorkerBuild {
  version: string;
  precache: string[];
}

/** The worker's version and precache list from the client build's file names ("assets/root-DAAET0eZ.css", …). */
export function workerBuildOf(fileNames: string[]): WorkerBuild {
  const assets = fileNames.filter((name) => name.startsWith("assets/")).sort();
  const version = createHash("sha256").update(assets.join("\n")).digest("hex").slice(0, 12);
  return { version, precache: assets.filter((name) => name.endsWith(".css")).map((name) => `/${name}`) };
}

export function serviceWorker(): Plugin {
  return {
    name: "nearhand-service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle(_options, bundle) {
      const source = await bundleWorker(workerBuildOf(Object.keys(bundle)));
      this.emitFile({ type: "asset", fileName: SERVICE_WORKER_FILE, source });
    },
  };
}

async function bundleWorker(workerBuild: WorkerBuild): Promise<string> {
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: "warn",
    publicDir: false,
    resolve: { alias: { "~": path.join(ROOT, "app") } },
    define: { __NEARHAND_BUILD__: JSON.stringify(workerBuild) },
    build: {
      write: false,
      minify: true,
      target: "es2022",
      lib: { entry: WORKER_ENTRY, formats: ["iife"], name: "nearhandServiceWorker", fileName: () => SERVICE_WORKER_FILE },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === "chunk");
  if (!chunk || chunk.type !== "chunk") throw new Error("the service worker's build produced no script");
  return chunk.code;
}
