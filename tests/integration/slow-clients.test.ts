// What one client may hold of the server (decision 0064): a body arrives within REQUEST_BODY_SECONDS of its head,
// else 408 and the connection closes; one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections.
import net from "node:net";
import { describe, expect, it } from "vitest";

import { appServerForFile } from "../support/app-server.ts";
import { signedInAs, uniqueEmail } from "../support/http-client.ts";

const MAX_CONNECTIONS = 4;
const app = appServerForFile({ REQUEST_BODY_SECONDS: "1", MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS) });

/** Another loopback address than the harness's own connections (127.0.0.1), so only this test's count against it. */
const CLIENT_ADDRESS = "127.0.0.2";

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: app.port, host: "127.0.0.1", localAddress: CLIENT_ADDRESS }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Everything the server sends until it closes the connection. */
function untilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", () => {});
    socket.once("close", () => resolve(received));
  });
}

describe("a request body sent slowly", () => {
  it.each([
    ["a JSON post", "/api/jobs", "application/json"],
    ["a page form", "/post-job", "application/x-www-form-urlencoded"],
  ])("(%s) is answered 408 and its connection closed once the deadline passes, however long the client would trickle", async (_label, path, type) => {
    const socket = await connect();
    const answer = untilClosed(socket);
    const host = new URL(app.url).host;
    // A 1,000-byte body at a byte every 200 ms would take over three minutes.
    socket.write(`POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Type: ${type}\r\nContent-Length: 1000\r\n\r\n{`);
    const trickle = setInterval(() => socket.writable && socket.write(" "), 200);
    try {
      expect((await answer).split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });

  it.each([
    ["a JSON post", "/api/jobs", "application/json"],
    ["a page form", "/post-job", "application/x-www-form-urlencoded"],
  ])("(%s, signed in) is logged as one 408 request, not as an unexpected error", async (label, path, type) => {
    const user = await signedInAs(app.url, uniqueEmail("slow-body"));
    const requestId = `slow-body-${path.replaceAll("/", "")}`;
    const socket = await connect();
    const answer = untilClosed(socket);
    const host = new URL(app.url).host;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nCookie: ${user.cookieHeader()}\r\nX-Request-Id: ${requestId}\r\n` +
        `Content-Type: ${type}\r\nContent-Length: 1000\r\n\r\n{`,
    );
    expect((await answer).split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    // Whatever the handler makes of the body it never got would be logged within a moment of the close.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = app
      .output()
      .split("\n")
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line) as { level: string; msg: string; status?: number; cut?: string });
    expect(
      lines.map((line) => [line.level, line.msg, line.status, line.cut]),
      label,
    ).toEqual([["info", "request", 408, undefined]]);
  });

  it("a body that arrives in time is served as before", async () => {
    const response = await fetch(`${app.url}/api/jobs`, {
      method: "POST",
      headers: { Origin: app.url, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
  });
});

describe("connections from one address", () => {
  it(`are at most ${MAX_CONNECTIONS}: the next is closed unanswered, and one closing makes room`, async () => {
    const held = [];
    for (let i = 0; i < MAX_CONNECTIONS; i++) held.push(await connect());
    const refused = await connect();
    const refusedAnswer = untilClosed(refused);
    refused.write(`GET /healthz HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\n\r\n`);
    expect(await refusedAnswer).toBe("");

    // The others still answer.
    const first = held[0];
    const firstAnswer = untilClosed(first);
    first.end(`GET /healthz HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\nConnection: close\r\n\r\n`);
    expect((await firstAnswer).split("\r\n")[0]).toBe("HTTP/1.1 200 OK");

    // Its close frees a place: the server counts it once it sees the close.
    let answered = "";
    for (let attempt = 0; attempt < 50 && !answered; attempt++) {
      const next = await connect();
      const nextAnswer = untilClosed(next);
      next.end(`GET /healthz HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\nConnection: close\r\n\r\n`);
      answered = (await nextAnswer).split("\r\n")[0];
    }
    expect(answered).toBe("HTTP/1.1 200 OK");
    for (const socket of held) socket.destroy();
  });
});
