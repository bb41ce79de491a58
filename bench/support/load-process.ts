// The load generator in a process of its own (issue 36 §4): run in the bench's process, autocannon's and the paced
// load's CPU competed with the bench's own bookkeeping, and on a two-core machine the fastest contender (the bare
// node:http baseline) was capped by the load rather than by itself. Each run forks this module, which runs the load
// and sends back its figures. The contenders' CPU is measured from /proc by pid, so the generator's never counts.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

import { pacedLoad, type PacedOptions, type PacedResult } from "./paced-load.ts";

/** What the bench reads of an autocannon run. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Answers per status code. */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface AutocannonOptions {
  url: string;
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  overallRate?: number;
}

type Job = { kind: "autocannon"; options: AutocannonOptions } | { kind: "paced"; url: string; options: PacedOptions };

const here = fileURLToPath(import.meta.url);

/** Sent by a paced load as it starts counting, before its figures. */
const COUNTING = "counting";

function inOwnProcess<R>(job: Job, onCounting?: () => void): Promise<R> {
  const child = fork(here, ["--load"], { execArgv: process.execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise<R>((resolve, reject) => {
    child.on("message", (message) => (message === COUNTING ? onCounting?.() : resolve(message as R)));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the load generator exited (${code}) before answering`)));
    child.send(job);
  });
}

/** autocannon, in its own process. */
export function autocannonLoad(options: AutocannonOptions): Promise<LoadFigures> {
  return inOwnProcess({ kind: "autocannon", options });
}

/** The paced (open-loop) load, in its own process; `onCounting` is called as its counted seconds start. */
export function pacedLoadInOwnProcess(url: string, options: PacedOptions, onCounting?: () => void): Promise<PacedResult> {
  return inOwnProcess({ kind: "paced", url, options }, onCounting);
}

async function run(job: Job): Promise<LoadFigures | PacedResult> {
  if (job.kind === "paced") return pacedLoad(job.url, job.options, () => process.send!(COUNTING));
  const result = await autocannon(job.options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0])),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

if (process.argv[2] === "--load") {
  process.once("message", (job: Job) => {
    void run(job).then(
      (figures) => process.send!(figures, undefined, {}, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
