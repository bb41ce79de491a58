// One signed-in page's CPU per request on two builds of the app, loaded in turn (A, B, A, B …) against the same
// benchmark database, so the machine's noise falls on both alike: the figure is the median of the per-round ratios
// B/A (issue 36 §2). Each checkout must hold a build (`npm run build`).
//
//   node --import ./bench/support/register.ts bench/page-ab.ts --a=<checkout> [--b=.] [--page=dashboard|seeker-home]
//     [--seconds=5] [--rounds=6] [--identity] [--database=postgres://…/nearhand_bench_10k] [--b-node-options="--flag"]
//
// --b-node-options starts B with those Node options (NODE_OPTIONS): a runtime flag A/B'd on one build (--a=. --b=.).
import path from "node:path";
import { parseArgs } from "node:util";

import { startServer, type RunningServer } from "./support/app-server.ts";
import { findTargets, removeBenchRows } from "./support/bench-data.ts";
import { autocannonLoad } from "./support/load-process.ts";
import { connect } from "./support/postgres-admin.ts";
import { cpuSnapshot, cpuSpent } from "./support/proc-cpu.ts";
import { createSessions } from "./support/sessions.ts";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string", default: "." },
    page: { type: "string", default: "dashboard" },
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "6" },
    identity: { type: "boolean", default: false },
    database: { type: "string", default: "postgres://postgres@127.0.0.1:5432/nearhand_bench_10k" },
    "b-node-options": { type: "string", default: "" },
  },
});
if (!values.a) throw new Error("--a=<checkout with a build> is required");
const CONNECTIONS = 50;
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);

interface Run {
  rps: number;
  nodeMs: number;
  postgresMs: number;
  requests: number;
  failed: number;
}

async function load(server: RunningServer, headers: Record<string, string>, duration: number): Promise<Run> {
  const before = cpuSnapshot(server.process().pid!);
  const result = await autocannonLoad({ url: server.url + "/", headers, connections: CONNECTIONS, duration });
  const spent = cpuSpent(before, cpuSnapshot(server.process().pid!));
  return { rps: result.rps, ...spent, requests: result.total, failed: result.total - (result.statuses["200"] ?? 0) + result.errors };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const perRequest = (run: Run, which: "node" | "all") => (which === "node" ? run.nodeMs : run.nodeMs + run.postgresMs) / Math.max(run.requests, 1);

const sql = connect(values.database);
const servers: RunningServer[] = [];
try {
  const ids = await findTargets(sql);
  const [session] = await createSessions(sql, [values.page === "seeker-home" ? ids.seekerId : ids.providerId]);
  const headers = { Cookie: session.cookie, Accept: "text/html", "Accept-Encoding": values.identity ? "identity" : "gzip, deflate, br, zstd" };
  const nodeOptions = ["", values["b-node-options"]];
  for (const [i, checkout] of [values.a, values.b].entries())
    servers.push(
      await startServer(
        values.database,
        { RATE_LIMIT_MULTIPLIER: "100000", ...(nodeOptions[i] ? { NODE_OPTIONS: nodeOptions[i] } : {}) },
        path.resolve(checkout),
      ),
    );
  const labels = ["A " + values.a, `B ${values.b}${nodeOptions[1] ? ` (${nodeOptions[1]})` : ""}`];
  for (const server of servers) await load(server, headers, 3); // warm-up
  const runs: Run[][] = [];
  for (let round = 0; round < rounds; round++) {
    const pair: Run[] = [];
    for (const [i, server] of servers.entries()) {
      const run = await load(server, headers, seconds);
      pair.push(run);
      console.log(
        `round ${round + 1} ${labels[i]}: ${run.rps.toFixed(0)} req/s, ${perRequest(run, "all").toFixed(2)} ms CPU/req (Node ${perRequest(run, "node").toFixed(2)})${run.failed ? `, ${run.failed} failed` : ""}`,
      );
    }
    runs.push(pair);
  }
  for (const which of ["all", "node"] as const) {
    const a = median(runs.map((r) => perRequest(r[0], which)));
    const b = median(runs.map((r) => perRequest(r[1], which)));
    const ratio = median(runs.map((r) => perRequest(r[1], which) / perRequest(r[0], which)));
    console.log(
      `${which === "all" ? "Node + PostgreSQL" : "Node alone"}: A ${a.toFixed(2)} ms, B ${b.toFixed(2)} ms per request; B/A ${ratio.toFixed(3)} (median of ${rounds} rounds)`,
    );
  }
} finally {
  for (const server of servers) await server.stop();
  await removeBenchRows(sql).catch(() => undefined);
  await sql.end();
}
