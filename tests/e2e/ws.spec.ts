import { type BrowserContext } from "@playwright/test";
import WebSocket from "ws";

import { expect, fetchAuthUser, signIn, test, uniqueEmail } from "./support.ts";

type UpgradeResult = { status: number };

/** Opens a /ws connection from Node; resolves 101 when accepted, else the refusal's HTTP status. */
function tryUpgrade(url: string, headers: Record<string, string>): Promise<UpgradeResult> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: 10_000 });
    socket.on("open", () => {
      socket.close();
      resolve({ status: 101 });
    });
    socket.on("unexpected-response", (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      response.resume();
      socket.terminate();
    });
    socket.on("error", (error) => reject(error));
  });
}

async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "nearhand_session");
  expect(cookie, "session cookie after sign-in").toBeDefined();
  return `${cookie!.name}=${cookie!.value}`;
}

test.describe("/ws upgrade", () => {
  test("requires a session, our origin and the session's own userId", async ({ page, context, browser, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const wsUrl = `${origin.replace(/^http/, "ws")}/ws`;

    await signIn(page, { email: uniqueEmail("ws-owner") });
    const me = await fetchAuthUser(page.request);
    const cookie = await sessionCookie(context);

    // Someone else, signed in in another browser context.
    const otherContext = await browser.newContext({ baseURL });
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, { email: uniqueEmail("ws-other") });
    const other = await fetchAuthUser(otherPage.request);
    await otherContext.close();
    expect(other.id).not.toBe(me.id);

    // No session cookie.
    expect(await tryUpgrade(wsUrl, { Origin: origin })).toEqual({ status: 401 });
    // A foreign origin, even with a valid session.
    expect(await tryUpgrade(wsUrl, { Cookie: cookie, Origin: "http://evil.example" })).toEqual({ status: 403 });
    // Our origin and a valid session.
    expect(await tryUpgrade(wsUrl, { Cookie: cookie, Origin: origin })).toEqual({ status: 101 });
    // Asking for one's own channel is fine; someone else's is not.
    expect(await tryUpgrade(`${wsUrl}?userId=${me.id}`, { Cookie: cookie, Origin: origin })).toEqual({ status: 101 });
    expect(await tryUpgrade(`${wsUrl}?userId=${other.id}`, { Cookie: cookie, Origin: origin })).toEqual({
      status: 403,
    });
  });

  test("a signed-out session cookie no longer opens the channel", async ({ page, context, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const wsUrl = `${origin.replace(/^http/, "ws")}/ws`;
    await signIn(page, { email: uniqueEmail("ws-signout") });
    const cookie = await sessionCookie(context);
    expect(await tryUpgrade(wsUrl, { Cookie: cookie, Origin: origin })).toEqual({ status: 101 });
    // A typed address is no same-origin navigation: the page asks to confirm with a POST.
    await page.goto("/api/logout");
    expect(await tryUpgrade(wsUrl, { Cookie: cookie, Origin: origin })).toEqual({ status: 101 });
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    expect(await tryUpgrade(wsUrl, { Cookie: cookie, Origin: origin })).toEqual({ status: 401 });
  });
});
