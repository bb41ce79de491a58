// The JSON API's rows of the http part (POST /api/messages, GET /api/messages/conversations, GET /api/jobs/available) alone: the
// app's build (and optionally another checkout's) against the Express 5 + postgres.js peer, loaded in turn
// (A, B, Express …) compressed as a browser asks and uncompressed, against the same benchmark database, so the
// machine's noise falls on all alike (issue 36 §3). Each figure is the median of the per-round ratios; against
// Express, the less favourable of the two encodings' medians, as the http part reads it (decision 0094).
//
//   node --import ./bench/support/register.ts bench/api-ab.ts [--a=<checkout with a build>] [--b=.]
//     [--targets=post,conversations,available] [--seconds=5] [--rounds=5] [--database=postgres://…/nearhand_bench]
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { createCookie } from "react-router";

import { startServer, type RunningServer } from "./support/app-server.ts";
import { BENCH_MESSAGE_PREFIX, findTargets, removeBenchMessages } from "./support/bench-data.ts";
import { autocannonLoad } from "./support/load-process.ts";
import { installPeers, startPeer, type RunningPeer } from "./support/peers.ts";
import { connect } from "./support/postgres-admin.ts";
import { cpuSnapshot, cpuSpent } from "./support/proc-cpu.ts";
import { benchDatabaseUrl } from "./support/scale.ts";
import { BENCH_SESSION_SECRET } from "./support/sessions.ts";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string", default: "." },
    targets: { type: "string", default: "post,conversations" },
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "5" },
    database: { type: "string", default: benchDatabaseUrl("1m") },
  },
});
const CONNECTIONS = 50;
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const ENCODINGS = { compressed: "gzip, deflate, br, zstd", identity: "identity" } as const;
type Encoding = keyof typeof ENCODINGS;

interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  status: number;
}
interface Contender {
  label: string;
  url: string;
  pid(): number;
}
interface Run {
  requests: number;
  failed: number;
  nodeMs: number;
  postgresMs: number;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const perRequest = (run: Run, which: "node" | "postgres" | "all") =>
  (which === "node" ? run.nodeMs : which === "postgres" ? run.postgresMs : run.nodeMs + run.postgresMs) / Math.max(run.requests, 1);

async function untilQuiet(pid: number): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const before = cpuSnapshot(pid);
    await new Promise((r) => setTimeout(r, 500));
    const spent = cpuSpent(before, cpuSnapshot(pid));
    if (spent.nodeMs <= 25) return;
  }
}

async function load(contender: Contender, target: Target, cookie: string, encoding: Encoding, duration: number): Promise<Run> {
  await untilQuiet(contender.pid());
  const before = cpuSnapshot(contender.pid());
  const result = await autocannonLoad({
    url: contender.url + target.path,
    method: target.method,
    headers: {
      Cookie: cookie,
      Accept: "application/json",
      "Accept-Encoding": ENCODINGS[encoding],
      ...(target.body ? { "Content-Type": "application/json" } : {}),
    },
    body: target.body,
    connections: CONNECTIONS,
    duration,
  });
  const spent = cpuSpent(before, cpuSnapshot(contender.pid()));
  const failed = result.total - (result.statuses[String(target.status)] ?? 0) + result.errors + result.timeouts;
  return { requests: result.total, failed, ...spent };
}

const database = values.database;
const sql = connect(database);
const servers: RunningServer[] = [];
let peer: RunningPeer | undefined;
const sids: string[] = [];
try {
  const ids = await findTargets(sql);
  await removeBenchMessages(sql);
  // A session of its own prefix: another bench run's cleanup (removeBenchRows) deletes every "bench-" session.
  const sid = `api-ab-${randomBytes(18).toString("base64url")}`;
  await sql`insert into sessions ${sql({ sid, sess: sql.json({ userId: ids.providerId }), expire: new Date(Date.now() + 24 * 3600 * 1000) })}`;
  sids.push(sid);
  const provider = { cookie: (await createCookie("nearhand_session", { secrets: [BENCH_SESSION_SECRET], path: "/" }).serialize(sid)).split(";")[0] };
  const all: Record<string, Target> = {
    post: {
      name: "POST /api/messages",
      method: "POST",
      path: "/api/messages",
      body: JSON.stringify({ bookingId: ids.threadBookingId, receiverId: ids.seekerId, content: `${BENCH_MESSAGE_PREFIX} load test message` }),
      status: 201,
    },
    conversations: { name: "GET /api/messages/conversations", method: "GET", path: "/api/messages/conversations", status: 200 },
    available: { name: "GET /api/jobs/available", method: "GET", path: "/api/jobs/available", status: 200 },
  };
  const targets = values.targets.split(",").map(
    (name) =>
      all[name.trim()] ??
      ((): never => {
        throw new Error(`unknown target ${name}`);
      })(),
  );

  const contenders: Contender[] = [];
  for (const checkout of values.a ? [values.a, values.b] : [values.b]) {
    const server = await startServer(database, { RATE_LIMIT_MULTIPLIER: "100000" }, path.resolve(checkout));
    servers.push(server);
    contenders.push({
      label: values.a ? (checkout === values.a ? "A" : "B") + ` ${checkout}` : "Nearhand",
      url: server.url,
      pid: () => server.process().pid!,
    });
  }
  await installPeers();
  peer = await startPeer("express", database, { RATE_LIMIT_MULTIPLIER: "100000" });
  const express = { label: "Express", url: peer.url, pid: () => peer!.process.pid! };
  contenders.push(express);
  const apps = contenders.slice(0, -1);

  for (const target of targets) {
    console.log(`\n${target.name}`);
    for (const contender of contenders)
      for (const encoding of Object.keys(ENCODINGS) as Encoding[]) await load(contender, target, provider.cookie, encoding, 2);
    // runs[round][contender][encoding]
    const runs: Array<Array<Record<Encoding, Run>>> = [];
    for (let round = 0; round < rounds; round++) {
      const byContender: Array<Record<Encoding, Run>> = [];
      for (const contender of contenders) {
        const both = {} as Record<Encoding, Run>;
        for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
          const run = await load(contender, target, provider.cookie, encoding, seconds);
          both[encoding] = run;
          console.log(
            `  round ${round + 1} ${contender.label} ${encoding}: ${(run.requests / seconds).toFixed(0)} req/s, ${perRequest(run, "all").toFixed(3)} ms CPU/req (Node ${perRequest(run, "node").toFixed(3)} + PostgreSQL ${perRequest(run, "postgres").toFixed(3)})${run.failed ? `, ${run.failed} FAILED` : ""}`,
          );
        }
        byContender.push(both);
      }
      runs.push(byContender);
    }
    const peerAt = contenders.length - 1;
    for (const [i, contender] of apps.entries()) {
      const vsExpress = Math.max(
        ...(Object.keys(ENCODINGS) as Encoding[]).map((e) => median(runs.map((r) => perRequest(r[i][e], "all") / perRequest(r[peerAt][e], "all")))),
      );
      const split = (Object.keys(ENCODINGS) as Encoding[])
        .map((e) => {
          const node = median(runs.map((r) => perRequest(r[i][e], "node")));
          const pg = median(runs.map((r) => perRequest(r[i][e], "postgres")));
          const peerNode = median(runs.map((r) => perRequest(r[peerAt][e], "node")));
          const peerPg = median(runs.map((r) => perRequest(r[peerAt][e], "postgres")));
          return `${e}: Node ${node.toFixed(3)} + PG ${pg.toFixed(3)} vs Express ${peerNode.toFixed(3)} + ${peerPg.toFixed(3)}`;
        })
        .join("; ");
      console.log(`  ${contender.label}: ${vsExpress.toFixed(3)}× Express (the worse encoding's median over ${rounds} rounds); ${split}`);
    }
    if (apps.length === 2)
      for (const which of ["all", "node"] as const) {
        const ratio = median(
          runs.map((r) => median((Object.keys(ENCODINGS) as Encoding[]).map((e) => perRequest(r[1][e], which) / perRequest(r[0][e], which)))),
        );
        console.log(`  B/A (${which === "all" ? "Node + PostgreSQL" : "Node alone"}, mean of both encodings per round, median): ${ratio.toFixed(3)}`);
      }
    // The next target reads the same tables: from the data it would read without this run.
    if (target.method === "POST") await removeBenchMessages(sql);
  }
} finally {
  await peer?.stop();
  for (const server of servers) await server.stop();
  // Only this run's own rows: another run on the same database keeps its sessions.
  await sql`delete from sessions where sid = any(${sids})`.catch(() => undefined);
  await removeBenchMessages(sql).catch((error: unknown) => console.warn("cleanup failed:", error));
  await sql.end();
}
