// PostgreSQL goes away under a load of writes and comes back. The app runs on a
// cluster of this test's own (the shared server keeps serving other tests).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { becomeOnlineProvider, HttpClient, uniqueEmail } from "../support/http-client.ts";
import { startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres.ts";

let cluster: PrivatePostgres;
let databaseUrl: string;

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  databaseUrl = await cluster.createDatabase("nearhand");
}, 120_000);
afterAll(async () => {
  await cluster?.destroy();
});

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
async function until<T>(what: string, check: () => T | undefined | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the PostgreSQL driver, as patched in node_modules and bundled by the server build", () => {
  it("rejects a transaction whose connection dies, instead of crashing the process, and keeps serving", async () => {
    // The installed driver (patches/postgres+3.4.9+001+closed-connection-writes.patch), in a child process: the
    // unpatched driver exits it.
    const driver = pathToFileURL(createRequire(import.meta.url).resolve("postgres")).href;
    const script = `
      import postgres from ${JSON.stringify(driver)};
      const sql = postgres(process.env.URL, { max: 2, onnotice() {} });
      const killer = postgres(process.env.URL, { max: 1 });
      const outcome = await sql.begin(async (tx) => {
        const [{ pid }] = await tx\`select pg_backend_pid() as pid\`;
        await killer\`select pg_terminate_backend(\${pid})\`;
        await tx\`select 1\`;
      }).then(() => "committed", (error) => error.code);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [{ ok }] = await sql\`select 1 as ok\`;
      console.log(JSON.stringify({ outcome, ok }));
      // (A connection that died mid-query never finishes a plain end(): the app ends its pool with a timeout too.)
      await Promise.all([sql.end({ timeout: 1 }), killer.end({ timeout: 1 })]);
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { env: { ...process.env, URL: databaseUrl } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));

    expect(output).not.toMatch(/TypeError/);
    expect(code).toBe(0);
    expect(JSON.parse(output.trim())).toEqual({ outcome: "CONNECTION_CLOSED", ok: 1 });
  });
});

describe("a PostgreSQL outage during a load of writes", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ DATABASE_URL: databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  async function signedIn(label: string, role: "seeker" | "provider" = "seeker") {
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail(label), label, "Outage");
    if (role === "provider") await becomeOnlineProvider(client);
    const me = await (await client.request("/api/auth/user")).json();
    return Object.assign(client, { id: me.id as string });
  }

  function openLiveSocket(client: HttpClient): Promise<{ socket: WebSocket; events: Array<{ type: string; data: Record<string, string> }> }> {
    const socket = new WebSocket(`ws://localhost:${app.port}/ws`, { headers: { Origin: app.url, Cookie: client.cookieHeader() } });
    const events: Array<{ type: string; data: Record<string, string> }> = [];
    socket.on("message", (raw) => events.push(JSON.parse(String(raw))));
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve({ socket, events }));
      socket.once("error", reject);
    });
  }

  function upgradeStatus(client: HttpClient): Promise<number> {
    const socket = new WebSocket(`ws://localhost:${app.port}/ws`, { headers: { Origin: app.url, Cookie: client.cookieHeader() } });
    return new Promise((resolve, reject) => {
      socket.once("open", () => (socket.close(), resolve(101)));
      socket.once("unexpected-response", (_request, response) => (response.resume(), socket.terminate(), resolve(response.statusCode ?? 0)));
      socket.once("error", reject);
    });
  }

  it("answers 503 while the database is down, serves writes and live events within 5 s of its return, and keeps every acknowledged write", async () => {
    const seeker = await signedIn("outage-seeker");
    const provider = await signedIn("outage-provider", "provider");
    const job = await (await seeker.postJson("/api/jobs", { title: "Outage", description: "Writes under fire", categoryId: "repair" })).json();
    const booking = await (await provider.postJson("/api/bookings", { jobId: job.id })).json();
    const live = await openLiveSocket(provider);

    // Four clients post messages back to back, so transactions are in flight when the server dies.
    const writes: Array<{ startedAt: number; answeredAt: number; status: number; body: string }> = [];
    let writing = true;
    const writer = async (lane: number) => {
      for (let i = 0; writing; i++) {
        const startedAt = Date.now();
        try {
          const response = await seeker.postJson("/api/messages", { bookingId: booking.id, content: `lane ${lane} #${i}`, receiverId: provider.id });
          writes.push({ startedAt, answeredAt: Date.now(), status: response.status, body: await response.text() });
        } catch (error) {
          writes.push({ startedAt, answeredAt: Date.now(), status: 0, body: String(error) });
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    const acknowledged = () => writes.filter((w) => w.status === 201);

    await until("writes before the outage", () => acknowledged().length >= 20, 30_000);
    await cluster.stop("immediate");
    const down = Date.now();

    await until("writes answered during the outage", () => writes.filter((w) => w.startedAt > down).length >= 8, 30_000);
    const page = await seeker.request("/");
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("5");
    expect(await page.text()).toContain("Nearhand is briefly unavailable");
    const api = await seeker.request("/api/auth/user");
    expect(api.status).toBe(503);
    expect(await api.text()).toBe("Service unavailable");
    // Not ready (a load balancer sends this instance nothing), yet alive (nothing should restart it).
    const readiness = await fetch(`${app.url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.text()).toBe("database unavailable");
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect(await upgradeStatus(seeker)).toBe(503);
    expect(app.process.exitCode).toBeNull();

    const restartAt = Date.now();
    await cluster.start();
    const back = Date.now();
    const outageAnswers = writes.filter((w) => w.startedAt > down && w.answeredAt < restartAt);
    expect(outageAnswers.length).toBeGreaterThanOrEqual(8);
    expect(new Set(outageAnswers.map((w) => `${w.status} ${w.body}`))).toEqual(new Set(["503 Service unavailable"]));

    const recovered = await until("an acknowledged write after the restart", () => acknowledged().find((w) => w.answeredAt > restartAt), 5_000);
    console.log(`first acknowledged write ${recovered.answeredAt - back} ms after PostgreSQL accepted connections again`);

    // The instance's LISTEN connection is back too: a message sent now reaches the provider's open socket.
    const deadline = back + 5_000;
    let delivered = false;
    while (!delivered && Date.now() < deadline) {
      const sent = await seeker.postJson("/api/messages", { bookingId: booking.id, content: "Are you back?", receiverId: provider.id });
      if (sent.status !== 201) continue;
      const { id } = await sent.json();
      delivered = await until("the live event", () => live.events.some((e) => e.type === "message" && e.data.messageId === id), 1_000).catch(
        () => false,
      );
    }
    expect(delivered, "a live message event within 5 s of the restart").toBe(true);
    // Ready again: its NOTIFY comes back through the re-established LISTEN connection.
    const ready = await fetch(`${app.url}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([200, "ready"]);

    writing = false;
    await Promise.all(writers);
    live.socket.close();
    // Only 201, or 503 while the database was unreachable: never a 500, never a dropped connection.
    expect(new Set(writes.map((w) => w.status))).toEqual(new Set([201, 503]));

    const direct = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const stored = new Set((await direct`select id from messages where booking_id = ${booking.id}`).map((row) => row.id as string));
    await direct.end();
    const acknowledgedIds = acknowledged().map((w) => JSON.parse(w.body).id as string);
    expect(acknowledgedIds.filter((id) => !stored.has(id))).toEqual([]);
    expect(acknowledgedIds.length).toBeGreaterThan(20);
  }, 120_000);
});
