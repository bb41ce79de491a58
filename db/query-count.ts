// Opt-in per-request query counting (BENCH_COUNT_QUERIES=1) for the benchmark's
// "no query per list item" check. server.ts opens a count per request; the
// database client adds to it. The two run as separate module copies (server.ts
// and the bundled build), so the store lives on a global symbol.
import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";

interface QueryCount {
  count: number;
}

const KEY = Symbol.for("nearhand.queryCount");
const globals = globalThis as { [KEY]?: AsyncLocalStorage<QueryCount> };
const storage = (globals[KEY] ??= new AsyncLocalStorage<QueryCount>());

export const countingQueries = process.env.BENCH_COUNT_QUERIES === "1";

/** Adds one to the current request's count, if there is one. */
export function countQuery(): void {
  const current = storage.getStore();
  if (current) current.count++;
}

/** Runs a request with its own count and logs "[queries] <n> <label>" once the response is finished. */
export function withQueryCount(label: string, response: ServerResponse, run: () => void): void {
  const current: QueryCount = { count: 0 };
  response.once("finish", () => console.log(`[queries] ${current.count} ${label}`));
  storage.run(current, run);
}
