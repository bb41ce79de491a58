// The peers of issue 19 (bench/peers): installed on first use with `npm ci` in their own folder, built, and started as their own processes on the benchmark database.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

import { freePort } from "../../tests/support/free-port.ts";
import { ROOT } from "./app-server.ts";
import { killedOnExit } from "./children.ts";
import { BENCH_SESSION_SECRET } from "./sessions.ts";

export const PEERS_DIR = path.join(ROOT, "bench/peers");
const bin = (name: string) => path.join(PEERS_DIR, "node_modules/.bin", name);

export type PeerName = "express" | "rr7" | "next";
export const PEER_LABELS: Record<PeerName, string> = {
  express: "Express 5 + postgres.js",
  rr7: "React Router 7 classic",
  next: "Next.js App Router",
};

export interface RunningPeer {
  name: PeerName;
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} in ${path.relative(ROOT, cwd)} failed (${code}):\n${output.slice(-4000)}`);
}

/** `npm ci` in bench/peers when its node_modules is missing or older than its lockfile. */
export async function installPeers(): Promise<void> {
  const installed = path.join(PEERS_DIR, "node_modules/.package-lock.json");
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(path.join(PEERS_DIR, "package-lock.json")).mtimeMs) return;
  console.log("  installing the peers (npm ci in bench/peers) …");
  await run("npm", ["ci", "--no-audit", "--no-fund"], PEERS_DIR);
}

/** Builds the two peers that need a build. */
export async function buildPeers(): Promise<void> {
  const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  await run(process.execPath, [bin("react-router"), "build"], path.join(PEERS_DIR, "rr7"), env);
  await run(process.execPath, [bin("next"), "build"], path.join(PEERS_DIR, "next"), env);
}

export async function startPeer(name: PeerName, databaseUrl: string, env: Record<string, string> = {}): Promise<RunningPeer> {
  const port = await freePort();
  const commands: Record<PeerName, { cwd: string; args: string[] }> = {
    // The shared queries reuse the app's pure location helpers, which the bench's resolve hook lets Node load.
    express: { cwd: path.join(PEERS_DIR, "express"), args: ["--import", path.join(ROOT, "bench/support/register.ts"), "server.ts"] },
    rr7: { cwd: path.join(PEERS_DIR, "rr7"), args: [bin("react-router-serve"), "build/server/index.js"] },
    next: { cwd: path.join(PEERS_DIR, "next"), args: [bin("next"), "start", "-p", String(port), "-H", "127.0.0.1"] },
  };
  const { cwd, args } = commands[name];
  const child = killedOnExit(
    spawn(process.execPath, args, {
      cwd,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: BENCH_SESSION_SECRET,
        ...env,
      },
      // stdout is a pipe the bench reads, as the app server's is (app-server.ts): a log line written to /dev/null cost a
      // peer less than the same line costs the app, which a container's log collector reads through a pipe too.
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  child.stdout!.resume();
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`${PEER_LABELS[name]} exited (${child.exitCode}): ${errors.slice(-2000)}`);
    const up = await fetch(url + "/", { headers: { Accept: "text/html" } }).then(
      (r) => r.arrayBuffer().then(() => true),
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`${PEER_LABELS[name]} did not start: ${errors.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name,
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
