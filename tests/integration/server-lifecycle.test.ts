import { readFileSync } from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";

import { runServerExpectingExit, startAppServer } from "../support/app-server.ts";
import { createPostgresDatabase } from "../support/database.ts";
import { startExternalOidc } from "../support/external-oidc.ts";
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

  it("answers a request in progress at SIGTERM, refuses new connections meanwhile, then exits cleanly", async () => {
    const app = await startAppServer();
    const client = new HttpClient(app.url);
    await client.signIn(uniqueEmail("drain"));
    const body = JSON.stringify({ title: "Posted during shutdown", description: "The body arrives slowly", categoryId: "repair" });

    // "Expect: 100-continue": the server's "continue" says it has the request and is waiting for the body.
    const request = http.request(`${app.url}/api/jobs`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
        Cookie: client.cookieHeader(),
        Origin: app.url,
        Expect: "100-continue",
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.once("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.once("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.once("error", reject);
    });
    await new Promise((resolve) => request.once("continue", resolve));
    request.write(body.slice(0, 20));

    const exited = app.stop("SIGTERM");
    while (!app.output().includes("SIGTERM received")) await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await fetch(`${app.url}/healthz`).then(
      () => "answered",
      (error: { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(refused).toBe("ECONNREFUSED");

    request.end(body.slice(20));
    const { status, text } = await answer;
    expect(status).toBe(201);
    expect(JSON.parse(text)).toMatchObject({ title: "Posted during shutdown" });
    expect(await exited).toBe(0);
    expect(app.output()).toContain("Shut down cleanly.");
  });
});

describe("WEB_CONCURRENCY", () => {
  it("refuses more than one worker on the embedded services, which live inside one process", async () => {
    const { code, output } = await runServerExpectingExit({ WEB_CONCURRENCY: "2", DATABASE_URL: "" });
    expect(code).toBe(1);
    expect(output).toMatch(/WEB_CONCURRENCY above 1 needs DATABASE_URL, OIDC_ISSUER, S3_ENDPOINT, SMTP_URL/);
  });

  it("runs that many workers on one port, each answering, and they all stop on SIGTERM", async () => {
    const database = await createPostgresDatabase();
    const identityProvider = await startExternalOidc();
    try {
      const app = await startAppServer({
        WEB_CONCURRENCY: "2",
        DATABASE_URL: database.url,
        ...identityProvider.env,
        // Never reached by this test.
        S3_ENDPOINT: "http://127.0.0.1:9",
        S3_ACCESS_KEY_ID: "unused",
        S3_SECRET_ACCESS_KEY: "unused",
        SMTP_URL: "smtp://127.0.0.1:9",
        SESSION_SECRET: "server-lifecycle-test-secret",
      });
      await identityProvider.accept(app.url);
      const pid = app.process.pid!;
      const workers = () => readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
      await expect.poll(workers, { timeout: 30_000 }).toHaveLength(2);
      // Both workers came up (each migrated under the lock and listens): many requests, all answered.
      await expect.poll(async () => (await Promise.all(Array.from({ length: 20 }, () => fetch(`${app.url}/healthz`)))).every((r) => r.ok)).toBe(true);
      const client = new HttpClient(app.url);
      await client.signIn(uniqueEmail("workers"));
      expect((await client.request("/api/auth/user")).status).toBe(200);
      expect(await app.stop("SIGTERM")).toBe(0);
      expect(app.output().match(/Shut down cleanly\./g)).toHaveLength(2);
    } finally {
      await identityProvider.stop();
      await database.drop();
    }
  });
});
