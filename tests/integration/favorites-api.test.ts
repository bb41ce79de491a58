import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { HttpClient, signedInAs, uniqueEmail } from "../support/http-client.ts";

const app = appServerForFile();

const signedIn = (label: string) => signedInAs(app.url, uniqueEmail(label));

const favorites = async (client: HttpClient) => (await client.request("/api/favorites")).json();

describe("/api/favorites", () => {
  it("adds idempotently, lists one's own only, removes idempotently", async () => {
    const me = await signedIn("fav-me");
    const other = await signedIn("fav-other");
    const provider = await signedIn("fav-provider");
    const body = { targetType: "provider", targetId: provider.id, role: "seeker" };
    expect((await me.postJson("/api/favorites", body)).status).toBe(201);
    expect((await me.postJson("/api/favorites", body)).status).toBe(201);
    const mine = await favorites(me);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject(body);
    expect(await favorites(other)).toEqual([]);
    const removed = await me.postJson("/api/favorites", body, "DELETE");
    expect(await removed.json()).toEqual({ removed: true });
    expect(await (await me.postJson("/api/favorites", body, "DELETE")).json()).toEqual({ removed: false });
    expect(await favorites(me)).toEqual([]);
  });

  it("refuses unknown targets (404), bad input (400) and anonymous callers (401)", async () => {
    const me = await signedIn("fav-bad");
    const unknown = await me.postJson("/api/favorites", { targetType: "job", targetId: "00000000-0000-4000-8000-000000000000", role: "seeker" });
    expect(unknown.status).toBe(404);
    for (const body of [
      { targetType: "user", targetId: me.id, role: "seeker" },
      { targetType: "provider", targetId: "x", role: "seeker" },
      { targetType: "provider", targetId: me.id, role: "admin" },
      {},
    ]) {
      expect((await me.postJson("/api/favorites", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await favorites(me)).toEqual([]);
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.request("/api/favorites")).status).toBe(401);
    expect((await anonymous.postJson("/api/favorites", { targetType: "provider", targetId: me.id, role: "seeker" })).status).toBe(401);
  });
});
