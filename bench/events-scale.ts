// Scaling, part (a) (issue 36 §6): how live-event delivery grows with events per second through the event transport
// with 1, 4 and 8 listening instances, each a separate process. Each listener decodes every event (as the app's
// instances do) and measures the time from publishing to arrival; the publisher, a process of its own, sends the
// app's own statement (app/infra/events.server.ts: one autocommit NOTIFY, synchronous_commit off) at a target rate
// over a pool of connections, or PUBLISHes to Redis. Reports, per transport, instance count and rate, the rate
// reached and the delivery p50/p99, and the first rate whose p99 passes 150 ms.
//
//   node --import ./bench/support/register.ts bench/events-scale.ts [--transport=postgres,redis]
//        [--instances=1,4,8] [--rates=250,500,1000,2000,4000,8000] [--seconds=4]
// Needs BENCH_DATABASE_URL (or the local PostgreSQL) and, for redis, EVENTS_REDIS_URL (default redis://127.0.0.1:6379).
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import postgres from "postgres";

const CHANNEL = "nearhand_bench_events";
const P99_LIMIT_MS = 150;
const PUBLISH_CONNECTIONS = 16;
const here = fileURLToPath(import.meta.url);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.EVENTS_REDIS_URL ?? "redis://127.0.0.1:6379";

type Transport = "postgres" | "redis";
/** What a listener reports: the delivery delays it saw, in ms. */
type Heard = { delays: number[] };

/** An event as the app publishes it (a recipient list and ids), stamped with when it left. */
function event(n: number): string {
  return JSON.stringify({
    type: "message",
    userIds: ["5f0c6e1e-7d8b-4c3e-9a51-2b7f4f3c9d10", "9a2d4b6c-1e3f-4a5b-8c7d-6e5f4a3b2c1d"],
    data: { bookingId: "1b2c3d4e-5f60-4718-9a0b-c1d2e3f40516", messageId: String(n) },
    sentAt: Date.now(),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// A listening instance (a child process): decodes every event and keeps its delay.
async function listen(transport: Transport): Promise<void> {
  const delays: number[] = [];
  const heard = (payload: string) => {
    const parsed = JSON.parse(payload) as { sentAt: number };
    delays.push(Date.now() - parsed.sentAt);
  };
  if (transport === "postgres") {
    const sql = postgres(databaseUrl, { max: 1 });
    await sql.listen(CHANNEL, heard);
  } else {
    const redis = new Redis(redisUrl);
    redis.on("message", (_channel: string, payload: string) => heard(payload));
    await redis.subscribe(CHANNEL);
  }
  process.send!({ ready: true });
  process.on("message", (command: { take?: boolean }) => {
    if (command.take) process.send!({ delays: delays.splice(0) } satisfies Heard);
  });
}

// A publisher (a child process): sends `rate` events a second for `seconds`, then reports how many it sent.
async function publish(transport: Transport, rate: number, seconds: number): Promise<void> {
  const sql = transport === "postgres" ? postgres(databaseUrl, { max: PUBLISH_CONNECTIONS }) : null;
  const redis = transport === "redis" ? new Redis(redisUrl) : null;
  const send = (n: number) =>
    sql ? sql`select set_config('synchronous_commit', 'off', true), pg_notify(${CHANNEL}, ${event(n)})` : redis!.publish(CHANNEL, event(n));
  const started = performance.now();
  const total = Math.round(rate * seconds);
  const inFlight = new Set<Promise<unknown>>();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    while (sent < due && inFlight.size < PUBLISH_CONNECTIONS * 4) {
      const pending = send(sent++).finally(() => inFlight.delete(pending));
      inFlight.add(pending);
    }
    await (inFlight.size >= PUBLISH_CONNECTIONS * 4 ? Promise.race(inFlight) : new Promise((r) => setTimeout(r, 1)));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  process.send!({ sent, elapsed });
  await sql?.end();
  redis?.disconnect();
}

// ---------------------------------------------------------------------------------------------------------------
// The run.
function child(args: string[]): ChildProcess {
  return fork(here, args, { execArgv: process.execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
}

function next<T>(proc: ChildProcess): Promise<T> {
  return new Promise((resolve) => proc.once("message", (m) => resolve(m as T)));
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

async function measure(transport: Transport, instances: number, rate: number, seconds: number) {
  const listeners = Array.from({ length: instances }, () => child(["--listen", transport]));
  await Promise.all(listeners.map((l) => next(l)));
  const publisher = child(["--publish", transport, String(rate), String(seconds)]);
  const { sent, elapsed } = await next<{ sent: number; elapsed: number }>(publisher);
  await new Promise((r) => setTimeout(r, 1500)); // the last events arrive
  const heard = await Promise.all(
    listeners.map((l) => {
      const reply = next<Heard>(l);
      l.send({ take: true });
      return reply;
    }),
  );
  for (const proc of [...listeners, publisher]) proc.kill();
  const delays = heard.flatMap((h) => h.delays).sort((a, b) => a - b);
  const expected = sent * instances;
  return {
    transport,
    instances,
    target: rate,
    reached: Math.round(sent / elapsed),
    delivered: delays.length / expected,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      transport: { type: "string", default: "postgres,redis" },
      instances: { type: "string", default: "1,4,8" },
      rates: { type: "string", default: "250,500,1000,2000,4000,8000" },
      seconds: { type: "string", default: "4" },
    },
  });
  const seconds = Number(values.seconds);
  console.log("| transport | instances | target events/s | reached events/s | delivered | p50 ms | p99 ms |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const transport of values.transport.split(",") as Transport[]) {
    for (const instances of values.instances.split(",").map(Number)) {
      let limit: number | null = null;
      for (const rate of values.rates.split(",").map(Number)) {
        const r = await measure(transport, instances, rate, seconds);
        console.log(`| ${r.transport} | ${r.instances} | ${r.target} | ${r.reached} | ${(r.delivered * 100).toFixed(1)}% | ${r.p50} | ${r.p99} |`);
        if (r.p99 > P99_LIMIT_MS || r.reached < r.target * 0.9 || r.delivered < 0.99) {
          limit = rate;
          break;
        }
      }
      console.log(`|  | ${instances} | p99 passes ${P99_LIMIT_MS} ms (or the rate is not reached) at: ${limit ?? "none of the rates"} |  |  |  |  |`);
    }
  }
}

const [mode, transport, rate, seconds] = process.argv.slice(2);
if (mode === "--listen") await listen(transport as Transport);
else if (mode === "--publish") await publish(transport as Transport, Number(rate), Number(seconds));
else await main();
