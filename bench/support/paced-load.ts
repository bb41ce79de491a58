// An open-loop load: requests sent at a steady rate whatever the answers do, each one's latency counted from
// the moment it was due (so a server that falls behind shows it, instead of the load waiting for it). autocannon's
// own rate limit sends each second's requests in a burst, which measures the burst, not the rate.
import http from "node:http";
import { percentile } from "./report.ts";

export interface PacedOptions {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Requests per second. */
  rate: number;
  seconds: number;
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
}

export async function pacedLoad(url: string, options: PacedOptions): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.floor(options.rate * options.seconds);
  const latencies: number[] = [];
  const answers: Array<Promise<void>> = [];
  let failed = 0;
  const started = performance.now();
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(url, { method: options.method, headers: options.headers, agent }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - due);
          if (response.statusCode !== options.status) failed++;
          resolve();
        });
      });
      request.on("error", () => {
        failed++;
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
      answers.push(send(started + (sent / options.rate) * 1000));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(answers);
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsedSeconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), requests: latencies.length, failed };
}
