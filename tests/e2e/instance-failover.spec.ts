// One of two instances behind the load balancer dies (SIGKILL) while a page
// holds its live socket: the page's own reconnection logic must find the other
// instance through the balancer and keep the conversation live. The test runs
// its own PostgreSQL cluster, two servers and a round-robin proxy; the suite's
// web server plays no part.
import type { Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../support/app-server.ts";
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
async function signedIn(instance: AppServer, email: string, base: string): Promise<HttpClient & { id: string }> {
  const direct = new HttpClient(instance.url);
  await direct.signIn(email, "Pat", "Provider");
  const client = new HttpClient(base);
  for (const [name, value] of direct.cookies) client.cookies.set(name, value);
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
  instances = [await startAppServer({ DATABASE_URL: databaseUrl }), await startAppServer({ DATABASE_URL: databaseUrl })];
  const [first] = instances;
  balancer = await startRoundRobinProxy(instances.map((i) => i.port));

  // The seeker is in the browser; the provider answers from Node. Both sign in on the first instance,
  // whose cookies (host "localhost") then go to the balancer.
  const seekerEmail = uniqueEmail("failover-seeker");
  const seeker = await signedIn(first, seekerEmail, balancer.url);
  const provider = await signedIn(first, uniqueEmail("failover-provider"), balancer.url);
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

  await page.goto(`${first.url}/api/login?returnTo=/`);
  await completeDevSignIn(page, { email: seekerEmail });
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
