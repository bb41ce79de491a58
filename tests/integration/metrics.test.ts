// GET /metrics (Prometheus text): the series an operator watches move with what the app does, and the endpoint is
// guarded by METRICS_TOKEN when one is set (production without one: tests/integration/security-headers.test.ts).
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { appServerForFile, startAppServer } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const app = appServerForFile({ RATE_LIMIT_MULTIPLIER: "0.05" }); // one job per hour per user; the API and sign-in limits still far from this test's use;

/** The samples of a scrape: "name{labels}" → value. */
async function scrape(headers: Record<string, string> = {}): Promise<Map<string, number>> {
  const response = await fetch(`${app.url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

const requests = (route: string, status: number, method = "GET") =>
  `nearhand_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`;

function openSocket(client: HttpClient): Promise<WebSocket> {
  const socket = new WebSocket(`ws://localhost:${app.port}/ws`, { headers: { Origin: app.url, Cookie: client.cookieHeader() } });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

describe("GET /metrics", () => {
  it("counts requests by route pattern and status, and shows the live sockets, the live-event lag and Node's own series", async () => {
    const seeker = new HttpClient(app.url);
    await seeker.signIn(uniqueEmail("metrics"), "Mia", "Metrics");
    const before = await scrape();
    for (let i = 0; i < 3; i++) await (await seeker.request(`/api/jobs/${crypto.randomUUID()}`)).text();
    await (await seeker.request("/no-such-page")).text();
    await (await seeker.request("/")).text();
    const socket = await openSocket(seeker);
    // A job of one's own is a live event for oneself: its NOTIFY comes back through LISTEN to the socket.
    const heard = new Promise((resolve) => socket.once("message", resolve));
    expect((await seeker.postJson("/api/jobs", { title: "Count me", description: "A metric", categoryId: "repair" })).status).toBe(201);
    await heard;
    const after = await scrape();
    socket.close();

    const moved = (series: string) => (after.get(series) ?? 0) - (before.get(series) ?? 0);
    expect(moved(requests("/api/jobs/:id", 404))).toBe(3);
    expect(moved(requests("unmatched", 404))).toBe(1);
    expect(moved(requests("/", 200))).toBe(1);
    expect(moved(requests("/api/jobs", 201, "POST"))).toBe(1);
    expect(after.get("nearhand_live_sockets")).toBe(1);
    expect(moved("nearhand_live_event_lag_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(after.get('nearhand_mail_queue_jobs{queue="alert-email"}') ?? 0).toBeGreaterThanOrEqual(0);
    // The pool's own view: the requests' statements were timed, and nothing holds a connection between requests.
    expect(moved('nearhand_db_statement_duration_seconds_count{kind="select",outcome="ok"}')).toBeGreaterThanOrEqual(5);
    expect(moved('nearhand_db_statement_duration_seconds_count{kind="insert",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('nearhand_db_pool_connections{state="max"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('nearhand_db_pool_connections{state="in_use"}')).toBeLessThanOrEqual(2); // the scrape's own two reads at most
    expect(after.get("nearhand_db_pool_waiting")).toBe(0);
    expect(after.get("process_resident_memory_bytes")).toBeGreaterThan(1e6);
    expect(after.has("nodejs_eventloop_lag_p99_seconds")).toBe(true);
    // The scrape itself is counted under its own path, not as a page.
    expect(after.get(requests("/metrics", 200))).toBeGreaterThanOrEqual(1);
  });

  it("counts refusals by rate limit", async () => {
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("metrics-limit"));
    const before = await scrape();
    let refused = 0;
    for (let i = 0; i < 10 && refused === 0; i++) {
      const response = await client.postJson("/api/jobs", { title: `Job ${i}`, description: "Over the limit", categoryId: "repair" });
      if (response.status === 429) refused++;
    }
    expect(refused).toBe(1);
    const after = await scrape();
    const series = [...after.keys()].filter((key) => key.startsWith("nearhand_rate_limit_refusals_total{"));
    expect(series.reduce((sum, key) => sum + after.get(key)! - (before.get(key) ?? 0), 0)).toBe(1);
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  const token = "a-metrics-token-of-enough-length-0123";
  let guarded: Awaited<ReturnType<typeof startAppServer>> | undefined;
  afterAll(async () => {
    await guarded?.stop();
  });

  it("answers only a scraper presenting the token", async () => {
    guarded = await startAppServer({ METRICS_TOKEN: token });
    expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${guarded.url}/metrics`, { headers: { Authorization: "Bearer wrong-token-wrong-token-wrong" } })).status).toBe(401);
    const allowed = await fetch(`${guarded.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain("nearhand_http_request_duration_seconds");
  });
});
