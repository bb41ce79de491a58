import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { runServerExpectingExit, startAppServer } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

describe("server start-up", () => {
  it("refuses to start on a malformed variable and names it", async () => {
    const { code, output } = await runServerExpectingExit({ PORT: "eighty" });
    expect(code).toBe(1);
    expect(output).toMatch(/PORT/);
  });

  it("refuses to start in production without a real identity provider", async () => {
    const { code, output } = await runServerExpectingExit({ NODE_ENV: "production", SESSION_SECRET: "a-long-production-secret" });
    expect(code).toBe(1);
    expect(output).toMatch(/OIDC_ISSUER: is required when NODE_ENV=production/);
  });
});

describe("graceful shutdown", () => {
  it("closes live sockets with 'going away' and exits cleanly on SIGTERM", async () => {
    const app = await startAppServer();
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("shutdown"));
    const socket = new WebSocket(`ws://localhost:${app.port}/ws`, { headers: { Origin: app.url, Cookie: client.cookieHeader() } });
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    const exitCode = await app.stop("SIGTERM");
    expect(await closed).toBe(1001);
    expect(exitCode).toBe(0);
    expect(app.output()).toContain("Shut down cleanly.");
  });
});
