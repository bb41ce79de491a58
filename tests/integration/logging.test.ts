import { once } from "node:events";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

const SECRET = "session-secret-that-must-never-be-logged";

interface LogLine {
  level: string;
  time: string;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
}

/** Posts left halfway (leaveMidRequest): to the JSON API, and a page's form. */
const LEFT_MID_REQUEST = { id: "left-mid-request", path: "/api/jobs", type: "application/json", half: '{"title":"Leaky tap in the kitchen",' };
const LEFT_MID_FORM = { id: "left-mid-form", path: "/post-job", type: "application/x-www-form-urlencoded", half: "title=Leaky+tap+in+the+kitchen&" };

/**
 * A signed-in client that sends a post's headers and half its body, then closes the connection while the server
 * waits for the rest: a phone that lost its signal halfway through a request.
 */
async function leaveMidRequest(base: string, cookie: string, { id, path, type, half }: typeof LEFT_MID_REQUEST): Promise<void> {
  const { hostname, port, origin } = new URL(base);
  const socket = net.connect(Number(port), "127.0.0.1");
  await once(socket, "connect");
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Origin: ${origin}`,
      `Cookie: ${cookie}`,
      `Content-Type: ${type}`,
      `Content-Length: ${half.length * 2}`,
      `X-Request-Id: ${id}`,
      "",
      half,
    ].join("\r\n"),
  );
  await sleep(300);
  socket.destroy();
  await sleep(300);
}

/** The development routes that fail on purpose: in a resource route, in a page's loader, rendering a server component. */
const FORCED_FAILURES = ["resource", "loader", "render"] as const;
const forcedStatus: Record<string, number> = {};

describe("structured logs", () => {
  let app: AppServer;
  let lines: LogLine[];
  let raw: string;
  const client = { signedIn: undefined as HttpClient | undefined };
  const sent = {
    forwardedId: "proxy-request-0001",
    failedCallbackId: "",
    sessionCookie: "",
    longNameEmail: uniqueEmail("long-name"),
    longNameUser: undefined as { firstName: string } | undefined,
  };

  beforeAll(async () => {
    app = await startAppServer({ SESSION_SECRET: SECRET });
    const user = new HttpClient(app.url);
    await user.signIn(uniqueEmail("logs"));
    client.signedIn = user;
    sent.sessionCookie = user.cookies.get("nearhand_session") ?? "";
    await (await user.request("/api/auth/user")).text();
    await (await user.request("/", { headers: { "X-Request-Id": sent.forwardedId } })).text();
    const failed = await new HttpClient(app.url).request("/api/callback?code=leaky-code-123&state=leaky-state-456");
    sent.failedCallbackId = failed.headers.get("X-Request-Id") ?? "";
    await user.postJson("/api/jobs", "not an object");
    // A name longer than its column failed the sign-in, and the failure's log line carried the email and the name.
    const longName = new HttpClient(app.url);
    await longName.signIn(sent.longNameEmail, "Bartholomew".repeat(14), "Longname");
    const signedInAs = await longName.request("/api/auth/user");
    sent.longNameUser = signedInAs.ok ? await signedInAs.json() : undefined;
    for (const stage of FORCED_FAILURES) {
      const failure = await user.request(`/dev/fail/${stage}`, { headers: { "X-Request-Id": `forced-failure-${stage}` } });
      forcedStatus[stage] = failure.status;
      await failure.text();
    }
    await leaveMidRequest(app.url, user.cookieHeader(), LEFT_MID_REQUEST);
    await leaveMidRequest(app.url, user.cookieHeader(), LEFT_MID_FORM);
    await app.stop();
    raw = app.output();
    lines = raw
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as LogLine);
  });

  afterAll(async () => {
    if (app.process.exitCode === null) await app.stop();
  });

  it("writes every line as JSON with a level, a time and a message", () => {
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      expect(typeof line.level).toBe("string");
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      expect(typeof line.msg).toBe("string");
    }
  });

  it("gives every line written while handling a request that request's id", () => {
    const processLines = lines.filter((line) => line.requestId === undefined).map((line) => line.msg);
    for (const msg of processLines) expect(msg).toMatch(/^(Nearhand listening on |SIGTERM received|Shut down cleanly)/);
    const requestLines = lines.filter((line) => line.msg === "request");
    expect(requestLines.length).toBeGreaterThan(5);
    expect(requestLines.every((line) => typeof line.requestId === "string" && line.requestId.length >= 8)).toBe(true);
  });

  it("keeps a proxy's X-Request-Id and answers with the id it logged", () => {
    // Exactly one request line: an answer in full is logged once, not once done and again once closed.
    const forwarded = lines.filter((line) => line.msg === "request" && line.requestId === sent.forwardedId);
    expect(forwarded.map((line) => [line.path, line.status, line.cut])).toEqual([["/", 200, undefined]]);
    const callbackLines = lines.filter((line) => line.requestId === sent.failedCallbackId);
    expect(callbackLines.map((line) => line.msg)).toEqual(expect.arrayContaining(["sign-in failed", "request"]));
  });

  it("logs each unexpected error once, with the request's id and the stack, wherever it was thrown", () => {
    for (const stage of FORCED_FAILURES) {
      expect(forcedStatus[stage], stage).toBe(500);
      const errors = lines.filter((line) => line.requestId === `forced-failure-${stage}` && line.level === "error");
      expect(errors, stage).toHaveLength(1);
      const err = errors[0].err as { stack?: string; message?: string };
      expect(errors[0].msg).toBe("unexpected error");
      expect(err.message, stage).toMatch(/^Forced failure/);
      expect(err.stack, stage).toMatch(/\n\s+at /);
    }
  });

  it("tells a client that left mid-request apart from an unexpected error, and logs its request all the same", () => {
    const linesOf = ({ id }: { id: string }) =>
      lines
        .filter((line) => line.requestId === id)
        .map((line) => [line.level, line.msg, line.method, line.path, line.cut])
        .sort();
    expect(linesOf(LEFT_MID_REQUEST)).toEqual([
      ["info", "client left before the answer", "POST", LEFT_MID_REQUEST.path, undefined],
      ["info", "request", "POST", LEFT_MID_REQUEST.path, "before the answer"],
    ]);
    // A page's form is read before the route runs: the request line is all there is to tell.
    expect(linesOf(LEFT_MID_FORM)).toEqual([["info", "request", "POST", LEFT_MID_FORM.path, "before the answer"]]);
  });

  it("logs no secrets, cookies or sign-in codes", () => {
    expect(sent.sessionCookie.length).toBeGreaterThan(10);
    expect(raw).not.toContain(sent.sessionCookie);
    expect(raw).not.toContain(decodeURIComponent(sent.sessionCookie));
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain("leaky-code-123");
    expect(raw).not.toContain("leaky-state-456");
    expect(raw).not.toMatch(/nearhand_session=/);
  });

  it("holds no personal data beyond ids: a name too long for its column is cut to fit, not a failed sign-in whose line names the user", () => {
    expect(sent.longNameUser?.firstName).toBe("Bartholomew".repeat(14).slice(0, 100));
    expect(raw).not.toContain(sent.longNameEmail);
    expect(raw).not.toContain("BartholomewBartholomew");
  });
});
