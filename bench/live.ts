// Part 4: the live channel. Thousands of authenticated sockets on one
// instance; delivery latency of a message written through POST /api/messages
// until its event reaches the receiver's socket, on the same instance and from
// a second instance (LISTEN/NOTIFY across). Baseline: a NOTIFY issued straight
// to the database reaching the same socket (the fan-out path alone).
import { WebSocket } from "ws";

import { startServer, type RunningServer } from "./support/app-server.ts";
import { BENCH_MESSAGE_PREFIX, findTargets, removeBenchRows } from "./support/bench-data.ts";
import { connect } from "./support/postgres-admin.ts";
import { kib, ms, summarize, type Report } from "./support/report.ts";
import { createSessions } from "./support/sessions.ts";

const PART = "4 live";
const BUDGET_SAME_MS = 50;
const BUDGET_ACROSS_MS = 150;
const CONNECT_CONCURRENCY = 100;
const EVENT_TIMEOUT_MS = 5_000;
/** The channel the app publishes on (app/infra/events.server.ts). */
const EVENTS_CHANNEL = "nearhand_events";

export interface LiveOptions {
  databaseUrl: string;
  sockets: number;
  messages: number;
}

export async function runLive(report: Report, options: LiveOptions): Promise<void> {
  const sql = connect(options.databaseUrl, 2);
  const servers: RunningServer[] = [];
  const sockets: WebSocket[] = [];
  try {
    const ids = await findTargets(sql);
    const others = await sql<
      Array<{ id: string }>
    >`select id from users where id not in (${ids.seekerId}, ${ids.providerId}) order by id limit ${options.sockets - 2}`;
    const userIds = [ids.seekerId, ids.providerId];
    for (let i = 0; userIds.length < options.sockets; i++) userIds.push(others[i % others.length].id);
    const sessions = await createSessions(sql, userIds);
    const [a, b] = await Promise.all([startServer(options.databaseUrl), startServer(options.databaseUrl)]);
    servers.push(a, b);

    // Warm both instances up on the path measured below, then take the resting memory.
    const sender = sessions[1].cookie;
    for (const server of servers) for (let i = 0; i < 20; i++) await postMessage(server, sender, ids.threadBookingId, ids.seekerId);
    await new Promise((r) => setTimeout(r, 1000));
    const rssBefore = a.rss();

    const connectStarted = performance.now();
    let failed = 0;
    for (let i = 0; i < sessions.length; i += CONNECT_CONCURRENCY) {
      const batch = sessions.slice(i, i + CONNECT_CONCURRENCY);
      const opened = await Promise.allSettled(batch.map((s) => openSocket(a, s.cookie)));
      for (const result of opened) {
        if (result.status === "fulfilled") sockets.push(result.value);
        else failed++;
      }
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfter = a.rss();
    const open = sockets.length;
    console.log(`  ${open}/${sessions.length} sockets open in ${connectSeconds.toFixed(1)} s; RSS ${mib(rssBefore)} → ${mib(rssAfter)}`);
    report.add({
      part: PART,
      name: "authenticated sockets on one instance",
      value: `${open.toLocaleString("en-US")} of ${sessions.length.toLocaleString("en-US")} open (${connectSeconds.toFixed(1)} s to connect)`,
      budget: `${options.sockets.toLocaleString("en-US")} open`,
      ratio: "",
      pass: failed === 0,
    });
    const perSocket = (rssAfter - rssBefore) / Math.max(open, 1);
    report.add({
      part: PART,
      name: "memory per socket",
      value: `${kib(perSocket)} (RSS ${mib(rssBefore)} → ${mib(rssAfter)})`,
      budget: "",
      ratio: "",
      pass: null,
      data: { rssBefore, rssAfter, open },
    });

    // The benchmark seeker's socket (opened first) is the receiver.
    const receiver = sockets[0];
    const arrivals = new Map<string, number>();
    const waiting = new Map<string, (at: number) => void>();
    receiver.on("message", (raw) => {
      const at = performance.now();
      const event = JSON.parse(raw.toString()) as { type: string; data: { messageId?: string } };
      const id = event.type === "message" ? event.data.messageId : undefined;
      if (!id) return;
      arrivals.set(id, at);
      waiting.get(id)?.(at);
    });
    const arrival = (id: string) =>
      new Promise<number | null>((resolve) => {
        const known = arrivals.get(id);
        if (known !== undefined) return resolve(known);
        const timer = setTimeout(() => resolve(null), EVENT_TIMEOUT_MS);
        waiting.set(id, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });

    const samples = { baseline: [] as number[], same: [] as number[], across: [] as number[] };
    /** How long the POST itself took: the write's share of the delivery latency. */
    const writes = { same: [] as number[], across: [] as number[] };
    const lost = { baseline: 0, same: 0, across: 0 };
    const record = (mode: keyof typeof samples, started: number, at: number | null) => {
      if (at === null) lost[mode]++;
      else samples[mode].push(at - started);
    };
    for (let i = 0; i < options.messages; i++) {
      // Interleaved, so drift in the machine's load touches all three alike.
      const id = `baseline-${i}`;
      let started = performance.now();
      await sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ type: "message", userIds: [ids.seekerId], data: { bookingId: ids.threadBookingId, messageId: id } })})`;
      record("baseline", started, await arrival(id));
      for (const [mode, server] of [
        ["same", a],
        ["across", b],
      ] as const) {
        started = performance.now();
        const messageId = await postMessage(server, sender, ids.threadBookingId, ids.seekerId);
        writes[mode].push(performance.now() - started);
        record(mode, started, await arrival(messageId));
      }
      await new Promise((r) => setTimeout(r, 10));
    }

    const base = summarize(samples.baseline);
    console.log(`  NOTIFY → socket      p50 ${ms(base.p50)}  p99 ${ms(base.p99)}`);
    for (const [mode, budget, label] of [
      ["same", BUDGET_SAME_MS, "delivery, same instance"],
      ["across", BUDGET_ACROSS_MS, "delivery, across two instances"],
    ] as const) {
      const stats = summarize(samples[mode]);
      const write = summarize(writes[mode]);
      console.log(
        `  ${label.padEnd(30)} p50 ${ms(stats.p50)}  p99 ${ms(stats.p99)}  (the POST alone: p50 ${ms(write.p50)}, p99 ${ms(write.p99)})${lost[mode] ? `  (${lost[mode]} lost)` : ""}`,
      );
      report.add({
        part: PART,
        name: `${label} (POST /api/messages → socket)`,
        value: `p50 ${ms(stats.p50)} · p99 ${ms(stats.p99)} (${stats.n} events${lost[mode] ? `, ${lost[mode]} lost` : ""}; the POST alone p50 ${ms(write.p50)})`,
        budget: `p99 < ${budget} ms`,
        ratio: `${(stats.p99 / base.p99).toFixed(1)}× NOTIFY→socket (p99 ${ms(base.p99)})`,
        pass: stats.p99 < budget && lost[mode] === 0,
        data: { ...stats, post: write, baseline: base, sockets: open },
      });
    }
  } finally {
    for (const socket of sockets) socket.terminate();
    await Promise.all(servers.map((s) => s.stop()));
    await removeBenchRows(sql).catch((error: unknown) => console.warn("cleanup failed:", error));
    await sql.end();
  }
}

async function postMessage(server: RunningServer, cookie: string, bookingId: string, receiverId: string): Promise<string> {
  const response = await fetch(`${server.url}/api/messages`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ bookingId, receiverId, content: `${BENCH_MESSAGE_PREFIX} live latency` }),
  });
  if (response.status !== 201) throw new Error(`POST /api/messages answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

function openSocket(server: RunningServer, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace("http", "ws")}/ws`, {
      headers: { Cookie: cookie, Origin: server.origin },
      perMessageDeflate: false,
    });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
  });
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
