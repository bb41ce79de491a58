// Starts the production build (`node server.ts`) for the HTTP, live and
// browser benchmarks, in NODE_ENV=production: the real services are configured
// with addresses that are never contacted (sessions are inserted directly, no
// image is stored), see docs/decisions/0022-benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { BENCH_SESSION_SECRET } from "./sessions.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  origin: string;
  pid: number;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Resident memory of the server process, bytes. */
  rss(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "nearhand-bench-"));
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: ROOT,
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
      // A rate limiter would otherwise answer the load generators with 429s.
      RATE_LIMIT_MULTIPLIER: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`\nThe app server (port ${port}) exited unexpectedly (${code ?? signal}). Its last output:\n${output.slice(-4000)}`);
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: origin,
    origin,
    pid: child.pid!,
    process: child,
    output: () => output,
    rss: () => rssOf(child.pid!),
    async stop() {
      stopping = true;
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

/** `react-router build` (the server benchmarks run the production build). */
export async function buildApp(): Promise<void> {
  const started = performance.now();
  const bin = path.join(ROOT, "node_modules/.bin/react-router");
  const child = spawn(process.execPath, [bin, "build"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`build failed (${code}):\n${output}`);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}
