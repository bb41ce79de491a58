// Loaded by server.ts in the bench (SERVER_HOOKS with BENCH_COUNT_QUERIES=1): one log line per request
// with its number of database queries ("[queries] <n> <method> <url>", db/query-count.ts).
import { withQueryCount } from "../../db/query-count.ts";
import type { ServerHooks } from "../../server-hooks.ts";

const hooks: ServerHooks = {
  wrap(req, res, handle) {
    withQueryCount(`${req.method} ${req.url}`, res, handle);
  },
};
export default hooks;
