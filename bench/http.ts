// Part 3: HTTP cost of the production build on PostgreSQL against the peers users would otherwise run (issue 19):
// each target is loaded (autocannon, 50 connections, a browser's Accept-Encoding) on the app and on its peers in
// interleaved rounds (A, B, C, A, B, C …), and every figure is the median of the per-round ratios. CPU per request
// is read from /proc: the server's process tree and the PostgreSQL processes working for it (support/proc-cpu.ts). Then the app is loaded at half of its
// measured maximum throughput for the p99 budget, three runs pooled, each after the peers doing the same work at half
// of their own: the row's control, what the same load did to another server on this machine (decision 0096; the seeker
// home and the API rows; the pages no peer renders take React Router 7 classic's seeker home, decision 0099).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { ROOT, startServer, survivalFigure, type ServerPauses } from "./support/app-server.ts";
import { BENCH_MESSAGE_PREFIX, findTargets, removeBenchRows } from "./support/bench-data.ts";
import { killedOnExit } from "./support/children.ts";
import { autocannonLoad, pacedLoadInOwnProcess } from "./support/load-process.ts";
import { canonicalBody, firstDifference } from "./support/markup.ts";
import type { PacedResult } from "./support/paced-load.ts";
import { buildPeers, installPeers, PEER_LABELS, startPeer, type PeerName, type RunningPeer } from "./support/peers.ts";
import { connect } from "./support/postgres-admin.ts";
import { cpuSnapshot, cpuSpent } from "./support/proc-cpu.ts";
import { ms, percentile, type Figure, type Report } from "./support/report.ts";
import { createSessions } from "./support/sessions.ts";

const PART = "3 http";
const CONNECTIONS = 50;
/** Paced runs per p99 row, pooled (decision 0096). */
const P99_RUNS = 3;
/** What Chromium sends. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const BUDGETS = {
  /** Visitor pages: at least this share of a bare node:http server sending the same bytes and headers. */
  visitorShareOfNodeHttp: 0.25,
  /**
   * The seeker home: CPU per request (Node + PostgreSQL) at most this many times React Router 7 classic's, each
   * encoding against the same (issue 36 §5): uncompressed measures the frameworks, compressed what a browser gets.
   */
  pageCpuVsReactRouter7: { uncompressed: 2.0, compressed: 0.8 },
  /** The seeker home: throughput at least this many times Next.js App Router's (like for like, the worse). */
  pageThroughputVsNext: 1.0,
  /** The provider dashboard (no peer renders it): CPU per request (Node + PostgreSQL), compressed as a browser asks. */
  dashboardCpuMs: 9,
  /** JSON API: CPU per request (Node + PostgreSQL) at most this many times Express + postgres.js's. */
  apiCpuVsExpress: 1,
  /** p99 at half of the measured maximum throughput. */
  p99Ms: 50,
};

export interface HttpOptions {
  databaseUrl: string;
  seconds: number;
  rounds: number;
}

interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  cookie: string;
  accept: string;
  body?: string;
  /** The status the target answers (a 404 page answers 404). */
  status?: number;
}

/** A server under load: the app, a peer, or the bare baseline. */
interface Contender {
  label: string;
  url: string;
  pid(): number;
  /** The path to load instead of the target's (the baseline keys its answers by target). */
  path?: string;
  /** A page of its own to load instead of the target (a control for a page no peer renders, decision 0099). */
  target?: Target;
  /** Sent instead of the browser's Accept-Encoding (a peer measured uncompressed as well). */
  acceptEncoding?: string;
  /** Restarts the server if it died (the app: recorded by the survival figure). */
  revive?(after: string): Promise<unknown>;
  /** Its own pauses since last asked (the app: its /metrics, decision 0100). */
  pauses?(): Promise<ServerPauses>;
}

/** A paced run, with the server's own pauses when it reports them (the app). */
type PacedRun = PacedResult & { pauses?: ServerPauses };

interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  nodeMs: number;
  postgresMs: number;
}
const cpuPerRequest = (run: Run) => (run.nodeMs + run.postgresMs) / Math.max(run.requests, 1);

export async function runHttp(report: Report, options: HttpOptions): Promise<void> {
  const sql = connect(options.databaseUrl);
  const server = await startServer(options.databaseUrl, { RATE_LIMIT_MULTIPLIER: "100000" });
  const peers = new Map<PeerName, RunningPeer>();
  let baseline: { url: string; process: ChildProcess } | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), "nearhand-bench-http-"));
  try {
    const ids = await findTargets(sql);
    const [seeker, provider] = await createSessions(sql, [ids.seekerId, ids.providerId]);
    const page = (name: string, p: string, cookie: string): Target => ({ name, method: "GET", path: p, cookie, accept: "text/html" });
    const api = (name: string, p: string, body?: object): Target => ({
      name,
      method: body ? "POST" : "GET",
      path: p,
      cookie: provider.cookie,
      accept: "application/json",
      body: body && JSON.stringify(body),
    });
    const landing = page("GET / (visitor landing)", "/", "");
    const notFound = { ...page("GET /no-such-page (visitor 404)", "/no-such-page", ""), status: 404 };
    const seekerHome = page("GET / (seeker home)", "/", seeker.cookie);
    const dashboard = page("GET / (provider dashboard)", "/", provider.cookie);
    const jobPage = page("GET /jobs/:id", `/jobs/${ids.postedJobId}`, provider.cookie);
    const bookingPage = page("GET /bookings/:id", `/bookings/${ids.completedBookingId}`, provider.cookie);
    const available = api("GET /api/jobs/available", "/api/jobs/available");
    const conversations = api("GET /api/messages/conversations", "/api/messages/conversations");
    const postMessage = api("POST /api/messages", "/api/messages", {
      bookingId: ids.threadBookingId,
      receiverId: ids.seekerId,
      content: `${BENCH_MESSAGE_PREFIX} load test message`,
    });

    await installPeers();
    console.log("  building the peers …");
    await buildPeers();
    for (const name of ["express", "rr7", "next"] as const)
      peers.set(name, await startPeer(name, options.databaseUrl, { RATE_LIMIT_MULTIPLIER: "100000" }));

    // The baseline answers each visitor page with the app's bytes and headers.
    const visitorPages = [landing, notFound];
    const canned: Record<string, unknown> = {};
    for (const target of visitorPages) canned[`GET ${baselinePath(target)}`] = await rawAnswer(server.url + target.path, headersOf(target));
    const file = path.join(dir, "responses.json");
    writeFileSync(file, JSON.stringify(canned));
    baseline = await startBaseline(file);

    const app: Contender = {
      label: "Nearhand",
      url: server.url,
      pid: () => server.process().pid!,
      revive: (after) => server.revive(after),
      pauses: () => server.pausesSinceAsked(),
    };
    const peer = (name: PeerName, uncompressed = false): Contender => ({
      label: PEER_LABELS[name] + (uncompressed ? " (uncompressed)" : ""),
      url: peers.get(name)!.url,
      pid: () => peers.get(name)!.process.pid!,
      ...(uncompressed ? { acceptEncoding: "identity" } : {}),
    });
    // Each server is measured as a browser asks (compressed, as its stock server does it) and uncompressed, and a
    // budget holds when it holds both ways, like for like: the stock compression of a streamed render costs a peer
    // more than the render itself (React Router 7's landing: 0.8k req/s uncompressed, 0.23k compressed), so the
    // uncompressed comparison is the one that measures the frameworks.
    const bothWays = (name: PeerName) => [peer(name), peer(name, true)];
    const appUncompressed: Contender = { ...app, label: "Nearhand (uncompressed)", acceptEncoding: "identity" };
    const bare = (target: Target): Contender => ({
      label: "node:http",
      url: baseline!.url,
      pid: () => baseline!.process.pid!,
      path: baselinePath(target),
    });

    await checkSameMarkup(report, app, [landing, seekerHome], [peer("rr7"), peer("next")]);
    await checkIdenticalJson(
      report,
      app,
      [available, [peer("express"), peer("rr7")]],
      [conversations, [peer("express")]],
      [postMessage, [peer("express")]],
    );

    const measure = (target: Target, contenders: Contender[]) => interleaved(target, contenders, options);
    /**
     * React Router 7 classic rendering the seeker home: the control of the pages no peer renders (decision 0099), in
     * their rounds uncompressed (what measures the framework) and in their p99 rows at half of its maximum as a
     * browser asks, measured in the seeker home's rounds, which come first.
     */
    const rr7Home = (uncompressed: boolean): Contender => {
      const rr7 = peer("rr7", uncompressed);
      return { ...rr7, label: `${rr7.label}, ${seekerHome.name}`, target: seekerHome };
    };
    let rr7HomeHalfLoad: [Contender, number] | undefined;
    /** The paced load at half of `maxRps` on one contender, counted after its warm-up. */
    const pacedAtHalf = async (rowTarget: Target, contender: Contender, maxRps: number): Promise<PacedRun> => {
      const target = contender.target ?? rowTarget;
      await untilQuiet(contender.pid());
      // The server's pauses are read as the counted seconds start (the warm-up's JIT is not the steady state's) and
      // after them. A server that died meanwhile has none to tell: its run counts the failed requests, revive() the crash.
      const readPauses = () => contender.pauses?.().catch(() => undefined);
      let atCounting: Promise<unknown> = Promise.resolve();
      const run = await pacedLoadInOwnProcess(
        contender.url + (contender.path ?? target.path),
        {
          method: target.method,
          headers: headersOf(target, contender.acceptEncoding),
          body: target.body,
          rate: Math.max(1, Math.round(maxRps / 2)),
          seconds: options.seconds,
          status: expectedStatus(target),
          connections: CONNECTIONS,
        },
        () => (atCounting = readPauses() ?? atCounting),
      );
      await atCounting;
      const pauses = await readPauses();
      return pauses ? { ...run, pauses } : run;
    };
    /**
     * "p99 40.0 ms over 3 runs of 10 s at 120 req/s, each steady after 2 s (each run's p99: 35.0 ms, 40.0 ms, 61.0 ms;
     * p50 9.00 ms; the machine's steal in each: 0.4%, 0.5%, 2.6%; the load's send lag p99 1.10 ms–4.20 ms; its event
     * loop's slowest 10 ms timer in each: …; its GC in each: …)": what the machine (its steal, the load's own lateness) and
     * what the server itself (the app's pauses, from its /metrics) did to each run (decision 0100).
     */
    const pacedSummary = (runs: PacedRun[]) => {
      const all = pooled(runs);
      const rps = runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
      const failed = runs.reduce((sum, run) => sum + run.failed, 0);
      const lags = runs.map((run) => run.sendLagP99);
      const each = (what: (run: PacedRun) => string) => runs.map(what).join(", ");
      const pauses = runs.every((run) => run.pauses)
        ? `; its event loop's slowest 10 ms timer in each: ${each((run) => ms(run.pauses!.loopDelayMaxMs))}; its GC in each: ${each((run) => ms(run.pauses!.gcMs))}`
        : "";
      return (
        `p99 ${ms(all.p99)} over ${runs.length} runs of ${options.seconds} s at ${rps.toFixed(0)} req/s, each steady after 2 s ` +
        `(each run's p99: ${each((run) => ms(run.p99))}; p50 ${ms(all.p50)}; the machine's steal in each: ` +
        `${each((run) => `${run.stealPercent.toFixed(1)}%`)}; the load's send lag p99 ${ms(Math.min(...lags))}–${ms(Math.max(...lags))}` +
        `${pauses})${failed ? `, ${failed} failed` : ""}`
      );
    };
    /**
     * The app's p99 at half of its maximum, against the budget: every latency of P99_RUNS paced runs pooled, so that one
     * run's slow stretch on a noisy machine neither decides the row nor is dropped from it. `controls`: other servers,
     * each loaded the same way at half of its own maximum, in turn with the app (control, app, control, app …), on the
     * row's target (a peer doing the same work, decision 0096) or on a page of its own (the pages no peer renders,
     * decision 0099), so that the row says what the same kind of load did to another server on this machine at the
     * same time (reported only; the budget is the app's alone).
     */
    const halfLoadP99 = async (target: Target, maxRps: number, controls: Array<[Contender, number]> = []) => {
      const contenders: Array<[Contender, number]> = [...controls, [app, maxRps]];
      const runs = contenders.map((): PacedRun[] => []);
      for (let repeat = 0; repeat < P99_RUNS; repeat++)
        for (const [i, [contender, max]] of contenders.entries()) runs[i].push(await pacedAtHalf(target, contender, max));
      const kept = (list: PacedRun[]) => ({ runs: list.map(({ latencies: _, ...run }) => run) });
      const peerTails = controls.map(([contender], i) => {
        const failed = runs[i].reduce((sum, run) => sum + run.failed, 0);
        const what = contender.target ? "a peer's page at half of its max, in turn with this row" : "the same load on a peer";
        report.add(figure(`${target.name} p99 at half of max, ${contender.label}`, pacedSummary(runs[i]), "", what, null, kept(runs[i])));
        return `${contender.label} ${ms(pooled(runs[i]).p99)}${failed ? ` (${failed} failed)` : ""}`;
      });
      const appRuns = runs[controls.length];
      const p99 = pooled(appRuns).p99;
      report.add(
        figure(
          `${target.name} p99 at half of max`,
          pacedSummary(appRuns),
          `< ${BUDGETS.p99Ms} ms`,
          peerTails.length ? `controls at half of their max: ${peerTails.join(", ")}` : "",
          p99 < BUDGETS.p99Ms && appRuns.every((run) => !run.failed),
          kept(appRuns),
        ),
      );
    };
    /** Per round: the app's figure over the best of the peer's runs (indices), then the median over the rounds. */
    const versus = (rounds: Run[][], indices: number[], metric: (run: Run) => number, better: "lower" | "higher") =>
      median(rounds.map((r) => metric(r[0]) / (better === "lower" ? Math.min : Math.max)(...indices.map((i) => metric(r[i])))));
    /**
     * Like for like: the app (runs 0 and 1: compressed, uncompressed) against a peer (runs `peerAt`, `peerAt` + 1),
     * each encoding's ratio per round, its median over the rounds, and the less favourable of the two medians, as the
     * seeker home's CPU row reads its two (decision 0094). The median of each round's less favourable ratio, read
     * before, is never more favourable than that, and less so whenever the worse encoding changes from round to round.
     */
    const likeForLike = (rounds: Run[][], peerAt: number, metric: (run: Run) => number, better: "lower" | "higher") => {
      const [compressed, uncompressed] = [0, 1].map((i) => median(rounds.map((r) => metric(r[i]) / metric(r[peerAt + i]))));
      return { compressed, uncompressed, worse: better === "lower" ? Math.max(compressed, uncompressed) : Math.min(compressed, uncompressed) };
    };
    const rps = (run: Run) => run.rps;
    /** Nearhand's CPU per request (runs 0 and 1) against a peer's (runs 2 and 3), like for like, within `budget` times the peer's. */
    const cpuVsPeer = (target: Target, rounds: Run[][], name: PeerName, budget: number) => {
      const ratios = likeForLike(rounds, 2, cpuPerRequest, "lower");
      const cpu = ratios.worse;
      const nearhand = `${summary(rounds, 0)}; uncompressed ${summary(rounds, 1)}`;
      const other = `${PEER_LABELS[name]}: ${summary(rounds, 2)}; uncompressed ${summary(rounds, 3)}`;
      report.add(
        figure(
          `${target.name} CPU per request`,
          `${nearhand}; ${other}`,
          `≤ ${budget}× ${PEER_LABELS[name]}`,
          `${cpu.toFixed(2)}× ${PEER_LABELS[name]} (compressed ${ratios.compressed.toFixed(2)}×, uncompressed ${ratios.uncompressed.toFixed(2)}×)`,
          cpu <= budget && !anyFailed(rounds, 0) && !anyFailed(rounds, 1),
          { rounds },
        ),
      );
    };

    for (const target of [landing, notFound]) {
      const rounds = await measure(target, [app, bare(target), ...bothWays("rr7"), ...bothWays("next")]);
      const share = median(rounds.map((r) => r[0].rps / r[1].rps));
      report.add(
        figure(
          `${target.name} throughput`,
          `${summary(rounds, 0)}; node:http ${summary(rounds, 1)}`,
          `≥ ${pct(BUDGETS.visitorShareOfNodeHttp)} of node:http`,
          `${pct(share)} of node:http`,
          share >= BUDGETS.visitorShareOfNodeHttp && !anyFailed(rounds, 0),
          { rounds },
        ),
      );
      // What a request costs beside what it earns: Node's CPU per request (a visitor page reads no database).
      const cpu = median(rounds.map((r) => cpuPerRequest(r[0]) / cpuPerRequest(r[1])));
      report.add(
        figure(
          `${target.name} CPU per request vs node:http`,
          `${cpuSummary(rounds, 0)}; node:http ${cpuSummary(rounds, 1)}`,
          "",
          `${cpu.toFixed(2)}× node:http's CPU/req`,
          null,
        ),
      );
      for (const [first, name] of [
        [2, "rr7"],
        [4, "next"],
      ] as const) {
        const label = PEER_LABELS[name];
        const value = `${label}: ${summary(rounds, first)}; uncompressed ${summary(rounds, first + 1)}`;
        report.add(
          figure(
            `${target.name} vs ${label}`,
            value,
            "",
            `${versus(rounds, [first, first + 1], rps, "higher").toFixed(1)}× its best req/s, ${versus(rounds, [first, first + 1], cpuPerRequest, "lower").toFixed(2)}× its CPU/req`,
            null,
          ),
        );
      }
    }

    {
      const rounds = await measure(seekerHome, [app, appUncompressed, ...bothWays("rr7"), ...bothWays("next")]);
      const throughput = likeForLike(rounds, 4, rps, "higher");
      const speed = throughput.worse;
      const budget = BUDGETS.pageCpuVsReactRouter7;
      const compressed = median(rounds.map((r) => cpuPerRequest(r[0]) / cpuPerRequest(r[2])));
      const uncompressed = median(rounds.map((r) => cpuPerRequest(r[1]) / cpuPerRequest(r[3])));
      report.add(
        figure(
          `${seekerHome.name} CPU per request`,
          `${summary(rounds, 0)}; uncompressed ${summary(rounds, 1)}; ${PEER_LABELS.rr7}: ${summary(rounds, 2)}; uncompressed ${summary(rounds, 3)}`,
          `≤ ${budget.uncompressed}× ${PEER_LABELS.rr7} uncompressed, ≤ ${budget.compressed}× compressed`,
          `${uncompressed.toFixed(2)}× uncompressed, ${compressed.toFixed(2)}× compressed`,
          uncompressed <= budget.uncompressed && compressed <= budget.compressed && !anyFailed(rounds, 0) && !anyFailed(rounds, 1),
          { rounds },
        ),
      );
      const next = `${PEER_LABELS.next}: ${summary(rounds, 4)}; uncompressed ${summary(rounds, 5)}`;
      report.add(
        figure(
          `${seekerHome.name} throughput`,
          next,
          `≥ ${BUDGETS.pageThroughputVsNext}× ${PEER_LABELS.next}`,
          `${speed.toFixed(2)}× ${PEER_LABELS.next} (compressed ${throughput.compressed.toFixed(2)}×, uncompressed ${throughput.uncompressed.toFixed(2)}×)`,
          speed >= BUDGETS.pageThroughputVsNext && !anyFailed(rounds, 0) && !anyFailed(rounds, 1),
        ),
      );
      const maxOf = (i: number) => median(rounds.map((r) => r[i].rps));
      rr7HomeHalfLoad = [rr7Home(false), maxOf(2)];
      await halfLoadP99(seekerHome, maxOf(0), [
        [peer("rr7"), maxOf(2)],
        [peer("next"), maxOf(4)],
      ]);
    }

    // No peer renders these pages: their control is React Router 7 classic's seeker home, loaded in turn with each,
    // so that the machine's speed and its slow stretches show in a server doing comparable work in the same minutes
    // (decision 0099). The dashboard's absolute CPU budget reads it in its rounds; every p99 row at half of its max.
    for (const target of [dashboard, jobPage, bookingPage]) {
      const withControl = target === dashboard;
      const contenders = [app, ...(withControl ? [rr7Home(true)] : [])];
      const rounds = await measure(target, contenders);
      report.add(
        figure(`${target.name} throughput`, summary(rounds, 0), "", "no peer renders this page", anyFailed(rounds, 0) ? false : null, { rounds }),
      );
      if (withControl) {
        const cpu = median(rounds.map((r) => cpuPerRequest(r[0])));
        report.add(
          figure(
            `${target.name} CPU per request`,
            `${cpu.toFixed(2)} ms (Node + PostgreSQL, median of ${rounds.length} rounds)`,
            `≤ ${BUDGETS.dashboardCpuMs} ms`,
            "",
            cpu <= BUDGETS.dashboardCpuMs && !anyFailed(rounds, 0),
            { rounds },
          ),
        );
        // The machine's speed in the same rounds: the budget is absolute, and two builds an A/B measured equal cost
        // 8.6 and 10.6 ms an hour apart on one machine (decision 0099).
        const control = median(rounds.map((r) => cpuPerRequest(r[1])));
        report.add(
          figure(
            `${target.name} CPU per request, against its control`,
            `${contenders[1].label}: ${summary(rounds, 1)}`,
            "",
            `${median(rounds.map((r) => cpuPerRequest(r[0]) / cpuPerRequest(r[1]))).toFixed(2)}× the control's ${control.toFixed(2)} ms CPU/req, in the same rounds`,
            null,
          ),
        );
      }
      await halfLoadP99(target, median(rounds.map((r) => r[0].rps)), [rr7HomeHalfLoad!]);
    }

    for (const target of [available, conversations, postMessage]) {
      const withRr7 = target === available;
      const rounds = await measure(target, [app, appUncompressed, ...bothWays("express"), ...(withRr7 ? [peer("rr7", true)] : [])]);
      cpuVsPeer(target, rounds, "express", BUDGETS.apiCpuVsExpress);
      if (withRr7) {
        const vsRr7 = median(rounds.map((r) => cpuPerRequest(r[1]) / cpuPerRequest(r[4])));
        report.add(
          figure(
            `${target.name} vs ${PEER_LABELS.rr7} resource route`,
            `${PEER_LABELS.rr7} (uncompressed): ${summary(rounds, 4)}`,
            "",
            `${vsRr7.toFixed(2)}× its CPU/req, both uncompressed`,
            null,
          ),
        );
      }
      await halfLoadP99(target, median(rounds.map((r) => r[0].rps)), [[peer("express"), median(rounds.map((r) => r[2].rps))]]);
    }
    report.add(survivalFigure(PART, server, "under load"));
  } finally {
    baseline?.process.kill("SIGTERM");
    for (const peer of peers.values()) await peer.stop();
    await removeBenchRows(sql).catch((error: unknown) => console.warn("cleanup failed:", error));
    await server.stop();
    await sql.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

function figure(name: string, value: string, budget: string, ratio: string, pass: boolean | null, data?: Record<string, unknown>): Figure {
  return { part: PART, name, value, budget, ratio, pass, data };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** Several paced runs as one: the percentiles of all their latencies together. */
function pooled(runs: PacedRun[]): { p50: number; p99: number } {
  const all = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  return { p50: percentile(all, 50), p99: percentile(all, 99) };
}
const pct = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
const anyFailed = (rounds: Run[][], i: number) => rounds.some((r) => r[i].failed > 0);

/** "1,234 req/s, p99 12.0 ms, 1.23 ms CPU/req (Node 0.80 + PostgreSQL 0.43)", medians over the rounds. */
function summary(rounds: Run[][], i: number): string {
  const runs = rounds.map((r) => r[i]);
  const node = median(runs.map((r) => r.nodeMs / Math.max(r.requests, 1)));
  const postgres = median(runs.map((r) => r.postgresMs / Math.max(r.requests, 1)));
  const failed = runs.reduce((n, r) => n + r.failed, 0);
  return (
    `${median(runs.map((r) => r.rps)).toFixed(0)} req/s, p99 ${ms(median(runs.map((r) => r.p99)))}, ` +
    `${(node + postgres).toFixed(2)} ms CPU/req (Node ${node.toFixed(2)} + PostgreSQL ${postgres.toFixed(2)})${failed ? `, ${failed} failed` : ""}`
  );
}

/** "0.12 ms CPU/req (Node 0.12 + PostgreSQL 0.00)", medians over the rounds. */
function cpuSummary(rounds: Run[][], i: number): string {
  const runs = rounds.map((r) => r[i]);
  const node = median(runs.map((r) => r.nodeMs / Math.max(r.requests, 1)));
  const postgres = median(runs.map((r) => r.postgresMs / Math.max(r.requests, 1)));
  return `${(node + postgres).toFixed(3)} ms CPU/req (Node ${node.toFixed(3)} + PostgreSQL ${postgres.toFixed(3)})`;
}

/** Each contender in turn, `rounds` times, after one warm-up each; returns runs by round, then by contender. */
async function interleaved(target: Target, contenders: Contender[], options: HttpOptions): Promise<Run[][]> {
  console.log(`\n${target.name}: ${contenders.map((c) => c.label).join(", ")}`);
  for (const contender of contenders) await load(contender, target, Math.min(3, options.seconds));
  const rounds: Run[][] = [];
  for (let round = 0; round < options.rounds; round++) {
    const runs: Run[] = [];
    for (const contender of contenders) {
      await contender.revive?.(target.name);
      const run = await load(contender, target, options.seconds);
      runs.push(run);
      const cpu = `${((run.nodeMs + run.postgresMs) / Math.max(run.requests, 1)).toFixed(2)} ms CPU/req`;
      console.log(
        `  round ${round + 1} ${contender.label}: ${run.rps.toFixed(0)} req/s, p99 ${ms(run.p99)}, ${cpu}${run.failed ? `, ${run.failed} failed` : ""}`,
      );
    }
    rounds.push(runs);
  }
  return rounds;
}

function expectedStatus(target: Target): number {
  return target.status ?? (target.method === "POST" ? 201 : 200);
}

function headersOf(target: Target, acceptEncoding = ACCEPT_ENCODING): Record<string, string> {
  return {
    ...(target.cookie ? { Cookie: target.cookie } : {}),
    Accept: target.accept,
    "Accept-Encoding": acceptEncoding,
    ...(target.body ? { "Content-Type": "application/json" } : {}),
  };
}

/** Load for `seconds`: at full speed, or at `rate` requests per second across the connections. */
async function load(contender: Contender, rowTarget: Target, seconds: number, rate?: number): Promise<Run> {
  const target = contender.target ?? rowTarget;
  // Requests a slow run left behind would otherwise count against this one.
  await untilQuiet(contender.pid());
  const before = cpuSnapshot(contender.pid());
  const result = await autocannonLoad({
    url: contender.url + (contender.path ?? target.path),
    method: target.method,
    headers: headersOf(target, contender.acceptEncoding),
    body: target.body,
    connections: CONNECTIONS,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
  });
  const spent = cpuSpent(before, cpuSnapshot(contender.pid()));
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    requests: result.total,
    failed: result.total - (result.statuses[`${expectedStatus(target)}`] ?? 0) + result.errors + result.timeouts,
    nodeMs: spent.nodeMs,
    postgresMs: spent.postgresMs,
  };
}

/**
 * The peers render the pages they serve from their queries with the app's markup: the same session's page, its
 * <body> compared element by element (canonicalBody says what is evened out), checked before any timing.
 */
async function checkSameMarkup(report: Report, app: Contender, targets: Target[], others: Contender[]): Promise<void> {
  for (const target of targets) {
    const bodyOf = async (contender: Contender) => {
      const response = await fetch(contender.url + target.path, { headers: { ...headersOf(target), "Accept-Encoding": "identity" } });
      return canonicalBody(await response.text());
    };
    const expected = await bodyOf(app);
    const differing: string[] = [];
    for (const other of others) {
      const difference = firstDifference(expected, await bodyOf(other));
      if (difference) differing.push(`${other.label} (${difference})`);
    }
    const elements = expected.split("\n").filter((line) => line.startsWith("<") && !line.startsWith("</")).length;
    const value = differing.length
      ? `differs: ${differing.join("; ")}`
      : `${elements} elements, the same as ${others.map((o) => o.label).join(", ")}`;
    report.add(figure(`${target.name} markup matches the peers`, value, "same body", "", differing.length === 0));
  }
}

/** The JSON endpoints answer the same bytes as their peers (a new message: the same but for its id and time). */
async function checkIdenticalJson(report: Report, app: Contender, ...checks: Array<[Target, Contender[]]>): Promise<void> {
  for (const [target, others] of checks) {
    const bodyOf = async (contender: Contender) => {
      const response = await fetch(contender.url + target.path, {
        method: target.method,
        headers: { ...headersOf(target), "Accept-Encoding": "identity" },
        body: target.body,
      });
      const text = await response.text();
      return target.method === "POST" ? text.replace(/"id":"[^"]+"/, '"id":"…"').replace(/"createdAt":"[^"]+"/, '"createdAt":"…"') : text;
    };
    const expected = await bodyOf(app);
    const differing: string[] = [];
    for (const other of others) if ((await bodyOf(other)) !== expected) differing.push(other.label);
    const bytes = Buffer.byteLength(expected).toLocaleString("en-US");
    const value = differing.length ? `differs from ${differing.join(", ")}` : `${bytes} bytes, identical to ${others.map((o) => o.label).join(", ")}`;
    report.add(figure(`${target.name} JSON matches the peers`, value, "byte-identical", "", differing.length === 0));
  }
}

/** Two visitor pages share "/": the baseline tells them apart by a query string. */
function baselinePath(target: Target): string {
  return `${target.path}?target=${encodeURIComponent(target.name)}`;
}

/** The status, headers and bytes the app sends a browser (compressed as asked, not decoded). */
function rawAnswer(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const kept = Object.entries(response.headers).filter(([name]) => !HOP_BY_HOP.has(name));
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(kept.map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)])),
            body: Buffer.concat(chunks).toString("base64"),
          });
        });
      })
      .on("error", reject);
  });
}

/** Waits until the process tree and PostgreSQL are nearly idle (under 5% of a core for a second; at most 30 s). */
async function untilQuiet(pid: number): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const before = cpuSnapshot(pid);
    await new Promise((r) => setTimeout(r, 1000));
    const spent = cpuSpent(before, cpuSnapshot(pid));
    if (spent.nodeMs + spent.postgresMs <= 50) return;
  }
}

/** Starts the node:http baseline on the responses file; it prints "listening <port>". */
async function startBaseline(file: string): Promise<{ url: string; process: ChildProcess }> {
  const child = killedOnExit(
    spawn(process.execPath, [path.join(ROOT, "bench/support/baseline-server.ts"), file], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the baseline server exited (${code})`)));
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, process: child };
}
