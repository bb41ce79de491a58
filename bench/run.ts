// `npm run bench`: the performance suite (after `npm run bench:seed`). Prints
// every figure with its budget, its ratio to a baseline measured in the same
// run, and PASS/FAIL; writes bench/results/latest.json.
//   --only=queries,http,live,browser   run some parts (directory: the provider directory's queries alone,
//                                      which queries also runs)
//   --quick                            shorter runs for development (minutes)
//   --no-build                         use the existing build/
//   --db=1m|100k|10k                   database for the server parts (default 1m)
import path from "node:path";
import { parseArgs } from "node:util";

import { runBrowser } from "./browser.ts";
import { runHttp } from "./http.ts";
import { runLive } from "./live.ts";
import { runDirectoryQueries, runQueries } from "./queries.ts";
import { buildApp, ROOT } from "./support/app-server.ts";
import { Report } from "./support/report.ts";
import { benchDatabaseUrl, SIZE_NAMES, type SizeName } from "./support/scale.ts";

const PARTS = ["queries", "directory", "http", "live", "browser"] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    only: { type: "string", default: PARTS.filter((p) => p !== "directory").join(",") },
    quick: { type: "boolean", default: false },
    build: { type: "boolean", default: true },
    db: { type: "string", default: "1m" },
  },
  allowNegative: true,
});
const parts = values.only.split(",").map((p) => p.trim()) as Part[];
for (const part of parts) if (!PARTS.includes(part)) throw new Error(`unknown part ${part}; one of ${PARTS.join(", ")}`);
if (!SIZE_NAMES.includes(values.db as SizeName)) throw new Error(`--db must be one of ${SIZE_NAMES.join(", ")}`);
const quick = values.quick;
// "queries" measures the directory's databases too.
const QUERY_OPTIONS = { iterations: quick ? 60 : 300, secondsPerQuery: quick ? 3 : 15 };
const serverDatabase = benchDatabaseUrl(values.db as SizeName);

const report = new Report();
const startedAt = new Date();
console.log(`Nearhand benchmarks: ${parts.join(", ")}${quick ? " (quick)" : ""}`);

if (values.build && parts.some((p) => p !== "queries" && p !== "directory")) await buildApp();
for (const part of parts) {
  const started = performance.now();
  try {
    if (part === "queries") await runQueries(report, { ...QUERY_OPTIONS, pglite: true });
    if (part === "queries" || part === "directory") await runDirectoryQueries(report, { ...QUERY_OPTIONS, pglite: false });
    if (part === "http") await runHttp(report, { databaseUrl: serverDatabase, seconds: quick ? 3 : 10, rounds: quick ? 3 : 5 });
    if (part === "live") await runLive(report, { databaseUrl: serverDatabase, sockets: quick ? 1000 : 5000, messages: quick ? 60 : 1000 });
    if (part === "browser") await runBrowser(report, { databaseUrl: serverDatabase, runs: quick ? 1 : 3 });
  } catch (error) {
    console.error(`\n${part} failed:`, error);
    report.add({ part, name: "run", value: describeError(error), budget: "runs", ratio: "", pass: false });
  }
  console.log(`(${part}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

const file = path.join(ROOT, "bench/results/latest.json");
report.write(file, { parts, quick, db: values.db }, startedAt);
console.log(`\n${report.table()}\n`);
const failed = report.figures.filter((f) => f.pass === false).length;
const passed = report.figures.filter((f) => f.pass === true).length;
console.log(`${passed} passed, ${failed} failed, ${report.figures.length - passed - failed} reported only. Written to ${path.relative(ROOT, file)}.`);

/** A failed part's first line: PGlite's file-system errors are plain objects (`{ name: "ErrnoError", errno }`). */
function describeError(error: unknown): string {
  if (error instanceof Error) return error.message.split("\n")[0];
  if (typeof error === "object" && error !== null) return JSON.stringify(error);
  return String(error);
}
