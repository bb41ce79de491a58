// An open-loop load: requests sent at a steady rate whatever the answers do, each one's latency counted from
// the moment it was due (so a server that falls behind shows it, instead of the load waiting for it). autocannon's
// own rate limit sends each second's requests in a burst, which measures the burst, not the rate. The first
// `warmupSeconds` run at the same rate uncounted: the steady state is measured, not the server's move from the
// previous run's saturation (its heap, its JIT, a new connection per early request) to the paced load.
import http from "node:http";

import { machineTicks, stealShare } from "./proc-cpu.ts";
import { percentile } from "./report.ts";

export interface PacedOptions {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Requests per second. */
  rate: number;
  seconds: number;
  /** Sent at the same rate before the counted `seconds`, not counted (default 2). */
  warmupSeconds?: number;
  /** The status an answer must have to count as served. */
  status: number;
  connections: number;
}

export interface PacedResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  /** Every counted latency, ms, ascending (to pool several runs). */
  latencies: number[];
  /** p99 of how late the load itself sent each counted request, ms (counted in its latency: the load's own stalls). */
  sendLagP99: number;
  /** The machine's steal over the counted seconds: % of all CPU time the hypervisor gave to others (decision 0100). */
  stealPercent: number;
}

const ascending = (a: number, b: number) => a - b;

/** `onCounting`: called as the counted seconds start (after the warm-up). */
export async function pacedLoad(url: string, options: PacedOptions, onCounting?: () => void): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const warmup = Math.floor(options.rate * (options.warmupSeconds ?? 2));
  const total = warmup + Math.floor(options.rate * options.seconds);
  const latencies: number[] = [];
  const sendLags: number[] = [];
  const answers: Array<Promise<void>> = [];
  let failed = 0;
  const started = performance.now();
  let countedFrom = 0;
  let machineBefore = machineTicks();
  const send = (due: number, counted: boolean) =>
    new Promise<void>((resolve) => {
      if (counted) sendLags.push(performance.now() - due);
      const request = http.request(url, { method: options.method, headers: options.headers, agent }, (response) => {
        response.resume();
        response.on("end", () => {
          if (counted) latencies.push(performance.now() - due);
          if (counted && response.statusCode !== options.status) failed++;
          resolve();
        });
      });
      request.on("error", () => {
        if (counted) failed++;
        resolve();
      });
      request.end(options.body);
    });
  let sent = 0;
  while (sent < total) {
    const elapsed = performance.now() - started;
    // Request k is due k / rate seconds after the start (the first at once): counting only whole intervals since
    // the start sent each one a whole interval after its due time, which its latency then counted (1000 / rate ms).
    for (const dueCount = Math.min(total, Math.floor((elapsed / 1000) * options.rate) + 1); sent < dueCount; sent++) {
      if (sent === warmup) {
        countedFrom = started + (sent / options.rate) * 1000;
        machineBefore = machineTicks();
        onCounting?.();
      }
      answers.push(send(started + (sent / options.rate) * 1000, sent >= warmup));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(answers);
  const steal = stealShare(machineBefore, machineTicks());
  const elapsedSeconds = (performance.now() - countedFrom) / 1000;
  agent.destroy();
  const sorted = latencies.sort(ascending);
  return {
    rps: latencies.length / elapsedSeconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    requests: latencies.length,
    failed,
    latencies: sorted,
    sendLagP99: percentile(sendLags.sort(ascending), 99),
    stealPercent: steal,
  };
}
