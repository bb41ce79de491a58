import "server-only";

import type { IncomingMessage, Server, ServerResponse } from "node:http";

import type { Config } from "~/infra/config.server";

/**
 * What one client may hold of the server (decision 0064): a request body arrives within a deadline, and one address
 * opens a bounded number of connections. A body sent a byte at a time held its connection, and the request, for as
 * long as the client liked (Node's own requestTimeout stops timing a request once its head is parsed), and nothing
 * bounded how many such connections one client opened.
 */
export function limitConnections(server: Server, config: Pick<Config, "requestBodyMs" | "maxConnectionsPerAddress">): void {
  server.on("request", (req: IncomingMessage, res: ServerResponse) => enforceBodyDeadline(req, res, config.requestBodyMs));
  if (config.maxConnectionsPerAddress !== null) capConnectionsPerAddress(server, config.maxConnectionsPerAddress);
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * A body not fully arrived `deadlineMs` after its head: 408 when nothing was answered yet, and the connection
 * closes either way (the rest of the body would otherwise be read as the next request).
 */
function enforceBodyDeadline(req: IncomingMessage, res: ServerResponse, deadlineMs: number): void {
  if (!hasBody(req)) return;
  const timer = setTimeout(() => {
    // Arrived, whether or not anyone read it.
    if (req.complete) return;
    const socket = req.socket;
    if (res.headersSent || res.writableEnded) {
      socket.destroy();
      return;
    }
    res.writeHead(408, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
    res.end("Request Timeout", () => socket.destroy());
  }, deadlineMs);
  timer.unref();
  const stop = () => {
    clearTimeout(timer);
    req.socket.removeListener("close", stop);
  };
  req.once("end", stop);
  req.socket.once("close", stop);
}

/** Beyond `max` open connections from one address, the next is closed before it is read. */
function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
