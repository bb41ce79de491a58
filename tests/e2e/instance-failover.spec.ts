// One of two instances behind the load balancer dies (SIGKILL) while a page
// holds its live socket: the page's own reconnection logic must find the other
// instance through the balancer and keep the conversation live. The test runs
// its own PostgreSQL cluster, two servers and a round-robin proxy; the suite's
// web server plays no part.
import type { Page } from "@playwright/test";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { freePort } from "../support/free-port.ts";
import { becomeOnlineProvider, HttpClient } from "../support/http-client.ts";
import { startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres.ts";
import { startRoundRobinProxy, type RoundRobinProxy } from "../support/round-robin-proxy.ts";
import { completeDevSignIn, expect, test, uniqueEmail, waitForHydration } from "./support.ts";

let cluster: PrivatePostgres | undefined;
let instances: AppServer[] = [];
let balancer: RoundRobinProxy | undefined;

test.afterEach(async () => {
  await balancer?.close();
  for (const instance of instances) await instance.stop();
  await cluster?.destroy();
  balancer = cluster = undefined;
  instances = [];
});

/** A Node client signed in on `instance` (the development sign-in keeps its state per instance), then using `base`. */
async function signedIn(base: string, email: string): Promise<HttpClient & { id: string }> {
  const client = new HttpClient(base);
  await client.signIn(email, "Pat", "Provider");
  const me = await (await client.request("/api/auth/user")).json();
  return Object.assign(client, { id: me.id as string });
}

const threadMessage = (page: Page, content: string) =>
  page.getByTestId("thread-messages").getByTestId("message-content").filter({ hasText: content });

const liveSocketsOpen = (proxy: RoundRobinProxy) => proxy.connections.filter((c) => c.open && c.requestLine.startsWith("GET /ws"));

test("a page whose instance dies reconnects through the balancer to the other one, catches up and stays live", async ({ page }) => {
  test.setTimeout(180_000);
  cluster = await startPrivatePostgres();
  const databaseUrl = await cluster.createDatabase("nearhand");
  // As in production, the app's URL is the balancer's: a live socket's Origin must be APP_URL's (decision 0064).
  const balancerPort = await freePort();
  const env = { DATABASE_URL: databaseUrl, APP_URL: `http://localhost:${balancerPort}` };
  instances = [await startAppServer(env), await startAppServer(env)];
  const [first, second] = instances;
  // Sign-in goes through the balancer while it has the first instance alone: the development identity provider
  // keeps its sign-in state in that process's memory.
  const backends = [first.port];
  balancer = await startRoundRobinProxy(backends, balancerPort);

  // The seeker is in the browser; the provider answers from Node.
  const seekerEmail = uniqueEmail("failover-seeker");
  const seeker = await signedIn(balancer.url, seekerEmail);
  const provider = await signedIn(balancer.url, uniqueEmail("failover-provider"));
  await becomeOnlineProvider(provider);
  const job = await (await seeker.postJson("/api/jobs", { title: "Failover", description: "Instances die", categoryId: "repair" })).json();
  const booking = await (await provider.postJson("/api/bookings", { jobId: job.id })).json();
  // The provider's Node client talks to one instance at a time: its pooled keep-alive connection through this
  // plain TCP balancer is tied to a backend, and dies with it.
  let messenger: HttpClient = provider;
  const say = async (content: string) => {
    const response = await messenger.postJson("/api/messages", { bookingId: booking.id, content, receiverId: seeker.id });
    expect(response.status, await response.clone().text()).toBe(201);
  };

  await page.goto(`${balancer.url}/api/login?returnTo=/`);
  await completeDevSignIn(page, { email: seekerEmail });
  backends.push(second.port);
  await page.goto(`${balancer.url}/messages?booking=${booking.id}`);
  await waitForHydration(page);
  await expect.poll(() => liveSocketsOpen(balancer!).length, { message: "the page's live socket" }).toBe(1);
  // Marks this document: a full reload would lose it.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  const [socketBefore] = liveSocketsOpen(balancer);
  const victim = instances.find((i) => i.port === socketBefore.backendPort)!;
  const survivor = instances.find((i) => i !== victim)!;
  await victim.stop("SIGKILL");
  await expect.poll(() => socketBefore.open).toBe(false);
  messenger = new HttpClient(survivor.url);
  for (const [name, value] of provider.cookies) messenger.cookies.set(name, value);

  // Sent while the page has no socket (it waits 3 s before reconnecting): no event reaches it.
  await say("Sent while your instance was down");
  await expect.poll(() => liveSocketsOpen(balancer!).map((c) => c.backendPort), { timeout: 15_000 }).toEqual([survivor.port]);
  await expect(threadMessage(page, "Sent while your instance was down")).toBeVisible();

  // And events flow again through the survivor.
  await say("Still there?");
  await expect(threadMessage(page, "Still there?")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
