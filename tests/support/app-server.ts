// Starts the built app (`node server.ts`) on a free port with its own database.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

import { createPostgresDatabase, onPostgres } from "./database.ts";
import { freePort } from "./free-port.ts";
import { TEMPLATE_DIR } from "./global-setup.ts";

export interface AppServer {
  url: string;
  port: number;
  /** postgres:// URL of the server's database, when it runs on PostgreSQL (PGlite lives inside the server). */
  databaseUrl?: string;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts server.ts; resolves once `/readyz` says ready (or, for a server meant not to be, once `/healthz` answers). */
export async function startAppServer(env: Record<string, string> = {}, until: "/readyz" | "/healthz" = "/readyz"): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "nearhand-test-"));
  const needsPostgres = onPostgres || env.NODE_ENV === "production";
  const database = needsPostgres && !env.DATABASE_URL ? await createPostgresDatabase() : undefined;
  if (!database && !env.DATABASE_URL) cpSync(TEMPLATE_DIR, path.join(dataDir, "pglite"), { recursive: true });
  const child = spawn(process.execPath, ["--import", "./telemetry.ts", "server.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      // The suite signs in and posts a lot from one address; rate-limit tests pass their own multiplier.
      RATE_LIMIT_MULTIPLIER: "1000",
      // Every test client connects from loopback, some hundreds at once (abandoned-requests.test.ts).
      MAX_CONNECTIONS_PER_ADDRESS: "100000",
      SERVER_HOOKS: "tests/support/server-hooks.ts",
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://localhost:${port}`;

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}${until}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    databaseUrl: env.DATABASE_URL ?? database?.url,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
      return code;
    },
  };
}

/** Two instances of the app as production runs them: on one database. */
export interface InstancePair {
  a: AppServer;
  b: AppServer;
  stop(): Promise<void>;
}

/**
 * On PostgreSQL two instances share one database, as in production; on PGlite
 * (one process per data directory) both names point at the same instance.
 */
export async function startInstancePair(env: Record<string, string> = {}): Promise<InstancePair> {
  if (!onPostgres) {
    const only = await startAppServer(env);
    return { a: only, b: only, stop: async () => void (await only.stop()) };
  }
  const shared = await createPostgresDatabase();
  const a = await startAppServer({ ...env, DATABASE_URL: shared.url });
  const b = await startAppServer({ ...env, DATABASE_URL: shared.url });
  return {
    a,
    b,
    async stop() {
      await a.stop();
      await b.stop();
      await shared.drop();
    },
  };
}

/** Runs server.ts expecting it to refuse to start; resolves with its exit code and output. */
export async function runServerExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nearhand-test-"));
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, PORT: String(await freePort()), DATA_DIR: dataDir, SEED_DEMO: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  clearTimeout(timer);
  rmSync(dataDir, { recursive: true, force: true });
  return { code, output };
}

/**
 * The app server of a test file: started before its tests (beforeAll) and stopped after them. The returned object
 * reads through to the running server, so the file can hold it at the top level.
 */
export function appServerForFile(env: Record<string, string> = {}): AppServer {
  let server: AppServer | undefined;
  beforeAll(async () => {
    server = await startAppServer(env);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const running = (): AppServer => {
    if (!server) throw new Error("the app server starts in beforeAll");
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    get port() {
      return running().port;
    },
    get databaseUrl() {
      return running().databaseUrl;
    },
    get process() {
      return running().process;
    },
    output: () => running().output(),
    stop: (signal) => running().stop(signal),
  };
}
