// A PostgreSQL cluster of the test's own, in a temporary directory on a free
// port, so a fault test can stop and start it without touching the shared
// server other tests use. initdb refuses to run as root: as root the cluster
// belongs to the `postgres` system user and its tools run through runuser.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";

import { freePort } from "./free-port.ts";

const run = promisify(execFile);
const BIN = "/usr/lib/postgresql/15/bin";

export interface PrivatePostgres {
  port: number;
  /** postgres:// URL of a database on the cluster (the maintenance database `postgres` by default). */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop`; "immediate" is a crash of the server (no checkpoint, connections cut). */
  stop(mode?: "immediate" | "fast"): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster if it runs and deletes its directory. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "nearhand-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const owner = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim();
    const group = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim();
    chownSync(dir, Number(owner), Number(group));
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(BIN, name), ...args]) : run(path.join(BIN, name), args);

  const port = await freePort();
  await tool("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  // fsync off: an immediate stop is a crash of the server, not of the machine; committed WAL is in the
  // kernel's page cache either way, so what the app acknowledged must survive.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () => tool("pg_ctl", ["start", "-w", "-t", "30", "-D", dataDir, "-l", logFile, "-o", serverOptions]).then(() => {});
  await start();

  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let running = true;
  return {
    port,
    url,
    async createDatabase(name) {
      const admin = postgres(url(), { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    async stop(mode = "immediate") {
      await tool("pg_ctl", ["stop", "-w", "-D", dataDir, "-m", mode]);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await tool("pg_ctl", ["stop", "-w", "-D", dataDir, "-m", "immediate"]).catch(() => {});
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
