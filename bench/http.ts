// Part 3: HTTP throughput of the production build on PostgreSQL with autocannon
// (50 connections, signed-in sessions), each target followed by the same load
// on a bare node:http server answering a same-sized body from memory, and each
// page by React alone rendering the same markup (a reference: what any React
// server rendering of the page could reach here).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ms, type Report } from "./support/report.ts";
import { ROOT, startServer, survivalFigure } from "./support/app-server.ts";
import { BENCH_MESSAGE_PREFIX, findTargets, removeBenchRows } from "./support/bench-data.ts";
import { connect } from "./support/postgres-admin.ts";
import { createSessions } from "./support/sessions.ts";

const PART = "3 http";
const CONNECTIONS = 50;
const P99_BUDGET_MS = 50;
const SHARE_BUDGET = { api: 0.35, page: 0.25 } as const;

interface Target {
  name: string;
  kind: keyof typeof SHARE_BUDGET;
  method: "GET" | "POST";
  path: string;
  cookie: string;
  body?: string;
  /** Not one of the issue's targets: a page with no query, to show what rendering alone costs. */
  reference?: boolean;
}

export interface HttpOptions {
  databaseUrl: string;
  seconds: number;
}

export async function runHttp(report: Report, options: HttpOptions): Promise<void> {
  const sql = connect(options.databaseUrl);
  const server = await startServer(options.databaseUrl);
  let baseline: { url: string; process: ChildProcess } | undefined;
  let reactAlone: { url: string; process: ChildProcess } | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), "nearhand-bench-http-"));
  try {
    const ids = await findTargets(sql);
    const [seeker, provider] = await createSessions(sql, [ids.seekerId, ids.providerId]);
    const message = JSON.stringify({ bookingId: ids.threadBookingId, receiverId: ids.seekerId, content: `${BENCH_MESSAGE_PREFIX} load test message` });
    const targets: Target[] = [
      { name: "GET /api/jobs/available", kind: "api", method: "GET", path: "/api/jobs/available", cookie: provider.cookie },
      { name: "GET /api/messages/conversations", kind: "api", method: "GET", path: "/api/messages/conversations", cookie: provider.cookie },
      { name: "POST /api/messages", kind: "api", method: "POST", path: "/api/messages", cookie: provider.cookie, body: message },
      { name: "GET / (seeker home)", kind: "page", method: "GET", path: "/", cookie: seeker.cookie },
      { name: "GET / (provider dashboard)", kind: "page", method: "GET", path: "/", cookie: provider.cookie },
      { name: "GET /jobs/:id", kind: "page", method: "GET", path: `/jobs/${ids.postedJobId}`, cookie: provider.cookie },
      { name: "GET /bookings/:id", kind: "page", method: "GET", path: `/bookings/${ids.completedBookingId}`, cookie: provider.cookie },
      { name: "GET / (signed-out landing, no query; reference)", kind: "page", method: "GET", path: "/", cookie: "", reference: true },
    ];
    // Each target's real answer, so the baseline sends the same bytes.
    const canned = new Map<Target, { status: number; contentType: string; body: string }>();
    for (const target of targets) {
      const response = await fetch(server.url + target.path, { method: target.method, headers: headersOf(target), body: target.body });
      const body = await response.text();
      if (response.status >= 300) throw new Error(`${target.name} answered ${response.status}: ${body.slice(0, 200)}`);
      canned.set(target, { status: response.status, contentType: response.headers.get("Content-Type") ?? "text/plain", body });
      console.log(`  ${target.name}: ${response.status}, ${Buffer.byteLength(body).toLocaleString("en-US")} bytes`);
    }
    const file = path.join(dir, "responses.json");
    writeFileSync(file, JSON.stringify(Object.fromEntries(targets.map((t) => [baselineKey(t), canned.get(t)]))));
    baseline = await startHelper("bench/support/baseline-server.ts", file);
    reactAlone = await startHelper("bench/support/react-alone-server.ts", file);

    for (const target of targets) {
      console.log(`\n${target.name}`);
      // Requests a slow target left behind would otherwise count against the next one.
      await waitUntilIdle(server.url);
      await load(server.url, target, Math.min(3, options.seconds)); // warm-up
      await waitUntilIdle(server.url);
      // A server that died is restarted (and reported) so the remaining targets are still measured.
      await server.revive(`${target.name} warm-up`);
      const app = await load(server.url, target, options.seconds);
      await waitUntilIdle(server.url);
      await server.revive(target.name);
      const bare = await load(baseline.url, { ...target, path: baselinePath(target) }, options.seconds);
      const share = app.rps / bare.rps;
      const failures = app.non2xx + app.errors;
      console.log(`  app ${app.rps.toFixed(0)} req/s p99 ${ms(app.p99)} | node:http ${bare.rps.toFixed(0)} req/s p99 ${ms(bare.p99)}${failures ? ` | ${failures} failed requests` : ""}`);
      const budget = SHARE_BUDGET[target.kind];
      report.add({
        part: PART,
        name: `${target.name} throughput`,
        value: `${app.rps.toFixed(0)} req/s (node:http ${bare.rps.toFixed(0)})${failures ? `, ${failures} failed` : ""}`,
        budget: `≥ ${budget * 100}% of node:http`,
        ratio: `${(share * 100).toFixed(1)}% of node:http`,
        pass: target.reference ? null : share >= budget && failures === 0,
        data: { app, baseline: bare, bodyBytes: Buffer.byteLength(canned.get(target)!.body) },
      });
      report.add({
        part: PART,
        name: `${target.name} p99`,
        value: `p99 ${ms(app.p99)} (p50 ${ms(app.p50)}; node:http p99 ${ms(bare.p99)})`,
        budget: `< ${P99_BUDGET_MS} ms`,
        ratio: `${(app.p99 / Math.max(bare.p99, 1)).toFixed(1)}× node:http`,
        pass: target.reference ? null : app.p99 < P99_BUDGET_MS && failures === 0,
      });
      if (target.kind === "page") {
        await waitUntilIdle(server.url);
        const react = await load(reactAlone.url, { ...target, path: baselinePath(target) }, options.seconds);
        console.log(`  React alone, same markup: ${react.rps.toFixed(0)} req/s p99 ${ms(react.p99)}`);
        report.add({
          part: PART,
          name: `${target.name}: React alone, same markup`,
          value: `${react.rps.toFixed(0)} req/s, p99 ${ms(react.p99)} (the app ${app.rps.toFixed(0)} req/s)`,
          budget: "",
          ratio: `${((react.rps / bare.rps) * 100).toFixed(1)}% of node:http`,
          pass: null,
          data: { react },
        });
      }
    }
    report.add(survivalFigure(PART, server, "under load"));
  } finally {
    baseline?.process.kill("SIGTERM");
    reactAlone?.process.kill("SIGTERM");
    await removeBenchRows(sql).catch((error: unknown) => console.warn("cleanup failed:", error));
    await server.stop();
    await sql.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

function headersOf(target: Target): Record<string, string> {
  return {
    ...(target.cookie ? { Cookie: target.cookie } : {}),
    Accept: target.kind === "page" ? "text/html" : "application/json",
    ...(target.body ? { "Content-Type": "application/json" } : {}),
  };
}

/** Two targets share "/": the baseline tells them apart by a query string. */
function baselinePath(target: Target): string {
  return `${target.path}?target=${encodeURIComponent(target.name)}`;
}

function baselineKey(target: Target): string {
  return `${target.method} ${baselinePath(target)}`;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function load(base: string, target: Target, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url: base + target.path,
    method: target.method,
    headers: headersOf(target),
    body: target.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Waits until /healthz answers quickly three times in a row (at most a minute). */
async function waitUntilIdle(base: string): Promise<void> {
  let quick = 0;
  for (const deadline = Date.now() + 60_000; quick < 3 && Date.now() < deadline; ) {
    const started = performance.now();
    const answered = await fetch(`${base}/healthz`).then(
      (r) => r.text(),
      () => null,
    );
    if (answered === null) return; // not listening: revive() restarts it
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts one of the reference servers on the responses file; it prints "listening <port>". */
async function startHelper(script: string, file: string): Promise<{ url: string; process: ChildProcess }> {
  // Production React, as the app server runs it (development builds check and warn on every render).
  const env = { ...process.env, NODE_ENV: "production" };
  const child = spawn(process.execPath, [path.join(ROOT, script), file], { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited (${code})`)));
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, process: child };
}
