// Starts the production build (`node server.ts`) for the HTTP, live and
// browser benchmarks, in NODE_ENV=production: the real services are configured
// with addresses that are never contacted (sessions are inserted directly, no
// image is stored), see docs/decisions/0022-benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "../../tests/support/free-port.ts";
import { killedOnExit } from "./children.ts";
import type { Figure } from "./report.ts";
import { BENCH_SESSION_SECRET } from "./sessions.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  origin: string;
  /** The current server process (a new one after revive()). */
  process(): ChildProcess;
  /** The last of what the current process printed (16 to 32 M characters of it: OUTPUT_KEPT). */
  output(): string;
  /** How much the current process has printed so far: a mark for outputSince. */
  outputMark(): number;
  /** What the current process printed after `mark` (of what is still kept). */
  outputSince(mark: number): string;
  /** Resident memory of the server process, bytes. */
  rss(): number;
  /** Its own pauses since the previous call, from its /metrics (decision 0100). */
  pausesSinceAsked(): Promise<ServerPauses>;
  /**
   * Restarts the server on the same port if it is not listening; returns the
   * error it died of, or null when it was up. Recorded in `crashes`.
   */
  revive(after: string): Promise<string | null>;
  readonly crashes: Array<{ after: string; error: string }>;
  stop(): Promise<void>;
}

/**
 * What held the server's event loop up since it was last asked: the longest it took to run a timer due every 10 ms
 * (prom-client's monitorEventLoopDelay, which records each whole interval and is reset at each scrape: 10 ms when
 * the loop was never held), and the milliseconds its garbage collection took (summed over kinds).
 */
export interface ServerPauses {
  loopDelayMaxMs: number;
  gcMs: number;
}

/** The server's /metrics, read with the bench's token. */
const METRICS_TOKEN = "nearhand-benchmark-metrics-token";

interface Spawned {
  child: ChildProcess;
  /** The kept tail of what it printed, and how much was printed before that tail. */
  output: string;
  dropped: number;
  exited: Promise<void>;
  stopping: boolean;
}

/**
 * The server writes a log line per request: a full run on a fast machine made it print more than one string can
 * hold (a RangeError in the bench itself, in the API rows). What a run reads of it is the last few lines: a crash's
 * error, a page's query count.
 */
const OUTPUT_KEPT = 16 * 1024 * 1024; // characters

function keepOutput(spawned: Spawned, chunk: string): void {
  spawned.output += chunk;
  if (spawned.output.length <= 2 * OUTPUT_KEPT) return;
  spawned.dropped += spawned.output.length - OUTPUT_KEPT;
  spawned.output = spawned.output.slice(-OUTPUT_KEPT);
}

/** `root`: the checkout whose build to start (another build of the app, for an A/B run: bench/page-ab.ts). */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}, root = ROOT): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "nearhand-bench-"));
  const launch = async (): Promise<Spawned> => {
    // As production starts it (package.json's start, the Dockerfile), without the telemetry.
    const child = killedOnExit(
      spawn(process.execPath, ["--v8-pool-size=0", "server.ts"], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          APP_URL: origin,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          SESSION_SECRET: BENCH_SESSION_SECRET,
          OIDC_ISSUER: "http://127.0.0.1:9/never-contacted",
          OIDC_CLIENT_ID: "bench",
          OIDC_CLIENT_SECRET: "bench",
          S3_ENDPOINT: "http://127.0.0.1:9",
          S3_ACCESS_KEY_ID: "bench",
          S3_SECRET_ACCESS_KEY: "bench",
          S3_FORCE_PATH_STYLE: "true",
          // Alert emails are queued with the change that causes them (measured: the posts include it); sending them is
          // left to a worker elsewhere (MAIL_WORKER=false), so this mail server is never contacted either.
          SMTP_URL: "smtp://127.0.0.1:9",
          // Production requires Web Push keys (decision 0077); no push service is contacted (no device subscribes).
          VAPID_PUBLIC_KEY: "BFRrpBx123kdMbWnlOpLCx1qAn27jwMvvfnqkNG3i5D8yb4j6tgVrrgeZE_wVCtTq3MQRXxH4LMFmPkr0Bi3QZU",
          VAPID_PRIVATE_KEY: "pNeNzEBGyqQdGXWBfrkR-UGULelksW8TNSRRSaP2ZVo",
          VAPID_SUBJECT: "mailto:bench@nearhand.example.com",
          MAIL_WORKER: "false",
          METRICS_TOKEN,
          // A rate limiter would otherwise answer the load generators with 429s.
          RATE_LIMIT_MULTIPLIER: "1000",
          // The load generators and the 5,000 live sockets all connect from loopback.
          MAX_CONNECTIONS_PER_ADDRESS: "1000000",
          ...(env.BENCH_COUNT_QUERIES === "1" ? { SERVER_HOOKS: "bench/support/server-hooks.ts" } : {}),
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const spawned: Spawned = { child, output: "", dropped: 0, exited, stopping: false };
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding("utf8"); // a character split across two chunks stays whole
      stream.on("data", (chunk: string) => keepOutput(spawned, chunk));
    }
    child.once("exit", (code, signal) => {
      if (!spawned.stopping)
        console.error(`\nThe app server (port ${port}) exited unexpectedly (${code ?? signal}). Its last output:\n${spawned.output.slice(-4000)}`);
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${spawned.output}`);
      if (await listening(origin)) return spawned;
      if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${spawned.output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const halt = async (spawned: Spawned) => {
    spawned.stopping = true;
    if (spawned.child.exitCode === null) spawned.child.kill("SIGTERM");
    const timer = setTimeout(() => spawned.child.kill("SIGKILL"), 15_000);
    await spawned.exited;
    clearTimeout(timer);
  };
  let current = await launch();
  const crashes: RunningServer["crashes"] = [];
  let gcSecondsBefore = 0;
  return {
    url: origin,
    origin,
    process: () => current.child,
    output: () => current.output,
    outputMark: () => current.dropped + current.output.length,
    outputSince: (mark) => current.output.slice(Math.max(0, mark - current.dropped)),
    rss: () => rssOf(current.child.pid!),
    crashes,
    async pausesSinceAsked() {
      const answer = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      if (!answer.ok) throw new Error(`GET /metrics answered ${answer.status}`);
      const text = await answer.text();
      const values = (name: string) => [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, "gm"))].map((m) => Number(m[1]));
      const gcSeconds = values("nodejs_gc_duration_seconds_sum").reduce((sum, seconds) => sum + seconds, 0);
      const gcMs = (gcSeconds - gcSecondsBefore) * 1000;
      gcSecondsBefore = gcSeconds;
      return { loopDelayMaxMs: (values("nodejs_eventloop_lag_max_seconds")[0] ?? 0) * 1000, gcMs };
    },
    async revive(after) {
      if (current.child.exitCode === null && (await listening(origin))) return null;
      await new Promise((r) => setTimeout(r, 1000)); // let a dying process finish
      // The last error printed: the kept output may begin with older ones.
      const error = [...current.output.matchAll(/^\w*Error[^\n]*$/gm)].at(-1)?.[0] ?? `exit code ${current.child.exitCode}`;
      crashes.push({ after, error });
      await halt(current);
      current = await launch();
      return error;
    },
    async stop() {
      await halt(current);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** True when /healthz answers at all (a busy server may answer slowly or 503). */
async function listening(origin: string): Promise<boolean> {
  return fetch(`${origin}/healthz`).then(
    (r) => r.text().then(() => true),
    () => false,
  );
}

/** "The app server stays up": fails with the errors it died of, if it did. */
export function survivalFigure(part: string, server: RunningServer, during: string): Figure {
  const { crashes } = server;
  const errors = [...new Set(crashes.map((c) => c.error))].join("; ");
  return {
    part,
    name: `app server stays up ${during}`,
    value: crashes.length ? `exited ${crashes.length}× (after ${crashes.map((c) => c.after).join(", ")}): ${errors}` : "stayed up",
    budget: "no exit",
    ratio: "",
    pass: crashes.length === 0,
    data: { crashes },
  };
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

/**
 * `npm run build`, the production build a deployment runs: with the precompressed .br and .gz client files the
 * static server sends (a bare `react-router build` sent every script and stylesheet uncompressed).
 */
export async function buildApp(): Promise<void> {
  const started = performance.now();
  const child = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`npm run build failed (${code}):\n${output}`);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}
