import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { startInstancePair, type AppServer, type InstancePair } from "../support/app-server.ts";
import { becomeOnlineProvider, HttpClient, signedInAs, uniqueEmail } from "../support/http-client.ts";

let pair: InstancePair | undefined;
let a: AppServer;
let b: AppServer;

beforeAll(async () => {
  pair = await startInstancePair();
  ({ a, b } = pair);
});
afterAll(async () => {
  await pair?.stop();
});

interface Listener {
  socket: WebSocket;
  received: Array<{ type: string; data: Record<string, string> }>;
  next(type: string, timeoutMs?: number): Promise<{ type: string; data: Record<string, string> }>;
}

const signedIn = (server: AppServer, label: string) => signedInAs(server.url, uniqueEmail(label), label, "Live");

async function listen(server: AppServer, client: HttpClient): Promise<Listener> {
  const socket = new WebSocket(`ws://localhost:${server.port}/ws`, { headers: { Origin: server.url, Cookie: client.cookieHeader() } });
  const received: Listener["received"] = [];
  const waiters: Array<{ type: string; resolve: (m: Listener["received"][number]) => void }> = [];
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw));
    received.push(message);
    for (const waiter of waiters.filter((w) => w.type === message.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return {
    socket,
    received,
    next(type, timeoutMs = 3000) {
      const already = received.find((m) => m.type === type);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ type, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}

describe("the live channel across instances", () => {
  it("delivers a message written through instance A to the receiver's socket on instance B, and nothing to a third user", async () => {
    const seeker = await signedIn(a, "seeker");
    const provider = await signedIn(b, "provider");
    const third = await signedIn(b, "third");
    await becomeOnlineProvider(provider);
    const job = await (await seeker.postJson("/api/jobs", { title: "Live", description: "d", categoryId: "repair" })).json();

    const seekerSocket = await listen(a, seeker);
    const providerSocket = await listen(b, provider);
    const thirdSocket = await listen(b, third);

    const booking = await (await provider.postJson("/api/bookings", { jobId: job.id })).json();
    const accepted = await seekerSocket.next("booking_update");
    expect(accepted.data.bookingId).toBe(booking.id);
    expect((await seekerSocket.next("notification")).type).toBe("notification");

    const started = Date.now();
    const sent = await seeker.postJson("/api/messages", { bookingId: booking.id, content: "Are you on your way?", receiverId: provider.id });
    expect(sent.status).toBe(201);
    const delivered = await providerSocket.next("message");
    expect(delivered.data.bookingId).toBe(booking.id);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await providerSocket.next("notification")).type).toBe("notification");

    await new Promise((r) => setTimeout(r, 200));
    expect(thirdSocket.received).toEqual([]);
    for (const s of [seekerSocket, providerSocket, thirdSocket]) s.socket.close();
  });

  it("after the server closes a socket, the client reconnects (to the other instance) and keeps receiving", async () => {
    const sender = await signedIn(a, "sender");
    const receiver = await signedIn(a, "receiver");
    await becomeOnlineProvider(receiver);
    const job = await (await sender.postJson("/api/jobs", { title: "Reconnect", description: "d", categoryId: "repair" })).json();
    const booking = await (await receiver.postJson("/api/bookings", { jobId: job.id })).json();

    const first = await listen(a, receiver);
    const closed = new Promise<number>((resolve) => first.socket.once("close", (code) => resolve(code)));
    // A restarting instance closes its sockets with "going away".
    first.socket.terminate();
    expect(typeof (await closed)).toBe("number");

    const second = await listen(b, receiver);
    await sender.postJson("/api/messages", { bookingId: booking.id, content: "Still there?", receiverId: receiver.id });
    expect((await second.next("message")).data.bookingId).toBe(booking.id);
    second.socket.close();
  });
});

/** Resolves with the close code the server sends, or with 0 once the socket shows it is open and answering. */
function closedOrAnswering(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    socket.once("close", (code) => resolve(code));
    socket.once("pong", () => resolve(0));
    socket.ping();
  });
}

function closeCode(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) resolve(-1);
    socket.once("close", (code) => resolve(code));
  });
}

/** The status of a /ws upgrade: 101 when it opened (then closed again), else the refusal's. */
function upgradeStatus(server: AppServer, client: HttpClient): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://localhost:${server.port}/ws`, { headers: { Origin: server.url, Cookie: client.cookieHeader() } });
    socket.once("open", () => {
      socket.close();
      resolve(101);
    });
    socket.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    socket.once("error", reject);
  });
}

describe("a session's live sockets (decision 0064)", () => {
  it("close on every instance when the session signs out; the same user's other sessions keep theirs", async () => {
    const email = uniqueEmail("signout-live");
    const laptop = new HttpClient(a.url);
    await laptop.signIn(email, "Sign", "Out");
    const phone = new HttpClient(b.url);
    await phone.signIn(email, "Sign", "Out");

    const onA = await listen(a, laptop);
    const onB = await listen(b, laptop);
    const phoneSocket = await listen(b, phone);
    const closes = [closeCode(onA.socket), closeCode(onB.socket)];

    const signedOut = await laptop.request("/api/logout", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(signedOut.status).toBe(302);
    expect(await Promise.all(closes)).toEqual([4001, 4001]);
    // The phone's session is another: its socket still answers.
    expect(await closedOrAnswering(phoneSocket.socket)).toBe(0);
    phoneSocket.socket.close();
  });

  it("one user holds at most 8 on an instance: the 9th upgrade is refused with 429, a closed one makes room, other users are not counted", async () => {
    const user = await signedIn(a, "many-tabs");
    const sockets = [];
    for (let i = 0; i < 8; i++) sockets.push(await listen(a, user));
    expect(await upgradeStatus(a, user)).toBe(429);

    const other = await signedIn(a, "other-user");
    expect(await upgradeStatus(a, other)).toBe(101);

    sockets.pop()!.socket.close();
    // The server forgets the socket when its close completes: the next upgrade finds room once it has.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 101; attempt++) status = await upgradeStatus(a, user);
    expect(status).toBe(101);
    for (const s of sockets) s.socket.close();
  });
});
