// A suspension through the running app (issue 34), on two instances of one database: the operator suspends a user on
// instance A; every session of that user ends at once (their live sockets close on both instances, their next request
// is no one's), signing in again lands on a page that says why and until when; reinstating lets them back in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { startInstancePair, type AppServer, type InstancePair } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

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

async function openSocket(server: AppServer, client: HttpClient): Promise<WebSocket> {
  const socket = new WebSocket(`ws://localhost:${server.port}/ws`, { headers: { Origin: server.url, Cookie: client.cookieHeader() } });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return socket;
}

const closeCode = (socket: WebSocket) => new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));

describe("suspending a user", () => {
  it("ends their sessions and sockets everywhere, refuses their sign-in with the reason and end, and reinstating lets them back", async () => {
    const email = uniqueEmail("suspended");
    const laptop = new HttpClient(a.url);
    await laptop.signIn(email, "Sly", "Seller");
    const phone = new HttpClient(b.url);
    await phone.signIn(email, "Sly", "Seller");
    const { id } = await (await laptop.request("/api/auth/user")).json();
    const sockets = [await openSocket(a, laptop), await openSocket(b, phone)];
    const closed = sockets.map(closeCode);

    const operator = new HttpClient(a.url);
    await operator.signIn("admin@nearhand.dev", "Ada", "Okafor");
    const suspended = await operator.postJson(`/api/admin/users/${id}/suspend`, { reason: "Fake reviews", days: 7 });
    expect(suspended.status, await suspended.clone().text()).toBe(200);

    expect(await Promise.all(closed)).toEqual([4001, 4001]);
    for (const client of [laptop, phone]) expect((await client.request("/api/auth/user")).status).toBe(401);
    expect((await laptop.postJson("/api/jobs", { title: "x", description: "y", categoryId: "repair" })).status).toBe(401);

    const again = new HttpClient(a.url);
    const { url, response } = await again.signIn(email, "Sly", "Seller");
    expect(new URL(url).pathname).toBe("/sign-in/refused");
    expect(response.status).toBe(403);
    const page = await response.text();
    expect(page).toContain("Your account is suspended");
    expect(page).toContain("Fake reviews");
    expect(page).toMatch(/Until<\/dt><dd[^>]*>[^<]*\d/);
    // The page's address carries no reason: a forged one shows nothing.
    const forged = new URL(url);
    forged.searchParams.set("sig", "forged");
    expect((await fetch(forged)).status).toBe(404);

    expect((await operator.postJson(`/api/admin/users/${id}/reinstate`, { reason: "Appeal accepted" })).status).toBe(200);
    const back = new HttpClient(b.url);
    await back.signIn(email, "Sly", "Seller");
    expect((await back.request("/api/auth/user")).status).toBe(200);
  });

  it("is nothing a user can do: the console's API is a plain 404 to them", async () => {
    const user = new HttpClient(a.url);
    await user.signIn(uniqueEmail("curious"), "Cu", "Rious");
    const { id } = await (await user.request("/api/auth/user")).json();
    expect((await user.postJson(`/api/admin/users/${id}/suspend`, { reason: "me" })).status).toBe(404);
    expect((await new HttpClient(a.url).postJson(`/api/admin/users/${id}/suspend`, { reason: "me" })).status).toBe(404);
  });
});
