// Live events over Redis pub/sub (EVENTS_URL, decision 0079), on the Redis server every machine of this project
// runs: an event written through instance A travels through Redis (seen there, on the channel named after the
// database) to the receiver's socket on instance B; /readyz checks the subscription end to end; an instance whose
// Redis is away starts, says it is not ready, and serves; EVENTS_URL must be a redis:// URL.
// (The live-channel and two-instance suspension tests also run once on Redis in .ci/run.)
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { runServerExpectingExit, startAppServer, startInstancePair, type AppServer, type InstancePair } from "../support/app-server.ts";
import { becomeOnlineProvider, signedInAs, uniqueEmail, type HttpClient } from "../support/http-client.ts";

const REDIS = "redis://127.0.0.1:6379";
let pair: InstancePair | undefined;
let watcher: Redis | undefined;
const seenOnRedis: Array<{ channel: string; payload: string }> = [];

beforeAll(async () => {
  pair = await startInstancePair({ EVENTS_URL: REDIS });
  watcher = new Redis(REDIS);
  watcher.on("pmessage", (_pattern: string, channel: string, payload: string) => seenOnRedis.push({ channel, payload }));
  await watcher.psubscribe("nearhand:*:nearhand_events");
});
afterAll(async () => {
  watcher?.disconnect();
  await pair?.stop();
});

function nextEvent(server: AppServer, client: HttpClient, type: string): Promise<{ socket: WebSocket; event: Promise<Record<string, unknown>> }> {
  const socket = new WebSocket(`ws://localhost:${server.port}/ws`, { headers: { Origin: server.url, Cookie: client.cookieHeader() } });
  const event = new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within 5 s`)), 5000);
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw));
      if (message.type !== type) return;
      clearTimeout(timer);
      resolve(message);
    });
  });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve({ socket, event }));
    socket.once("error", reject);
  });
}

describe("live events on Redis", () => {
  it("carry a message written through one instance to the receiver's socket on the other, through Redis", async () => {
    const { a, b } = pair!;
    const seeker = await signedInAs(a.url, uniqueEmail("redis-seeker"), "Rita", "Seeker");
    const provider = await signedInAs(b.url, uniqueEmail("redis-provider"), "Rob", "Provider");
    await becomeOnlineProvider(provider);
    const job = await (await seeker.postJson("/api/jobs", { title: "Over Redis", description: "d", categoryId: "repair" })).json();
    const booking = await (await provider.postJson("/api/bookings", { jobId: job.id })).json();

    const { socket, event } = await nextEvent(b, provider, "message");
    const sent = await seeker.postJson("/api/messages", { bookingId: booking.id, content: "Through Redis?", receiverId: provider.id });
    expect(sent.status).toBe(201);
    expect(((await event).data as Record<string, string>).bookingId).toBe(booking.id);
    socket.close();
    const carried = seenOnRedis.filter((m) => m.payload.includes(booking.id)).map((m) => JSON.parse(m.payload).type);
    expect(carried).toContain("message");
    // The channel carries the database's name: apps on other databases sharing this Redis hear nothing of it.
    expect(seenOnRedis.find((m) => m.payload.includes(booking.id))!.channel).toMatch(/^nearhand:.+:nearhand_events$/);
  });

  it("are checked end to end by /readyz", async () => {
    const ready = await fetch(new URL("/readyz", pair!.a.url));
    expect(ready.status).toBe(200);
  });

  it("an instance whose Redis is away starts, is not ready, and serves pages", async () => {
    const away = await startAppServer({ EVENTS_URL: "redis://127.0.0.1:1" }, "/healthz");
    try {
      const ready = await fetch(new URL("/readyz", away.url));
      expect(ready.status).toBe(503);
      expect(await ready.text()).toContain("Redis");
      expect((await fetch(new URL("/", away.url))).status).toBe(200);
    } finally {
      await away.stop();
    }
  });

  it("EVENTS_URL must name a Redis server", async () => {
    const { code, output } = await runServerExpectingExit({ EVENTS_URL: "http://127.0.0.1:6379" });
    expect(code).not.toBe(0);
    expect(output).toContain("EVENTS_URL");
  });
});
