import "server-only";

import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { pipeline, Transform } from "node:stream";

export interface Forwarding {
  /** The upstream's origin, e.g. http://127.0.0.1:4566. */
  target: string;
  method: string;
  /** The upstream path (and query), already checked by the caller. */
  path: string;
  /** Exactly the headers the upstream gets (its Host is added). */
  headers: Record<string, string>;
  /** The request body's length: no more bytes than this reach the upstream (0: no body is sent). */
  bodyLength: number;
  /** The status and headers the client gets for the upstream's answer; a body replaces the upstream's. */
  answer(status: number, headers: IncomingHttpHeaders): { status: number; headers: Record<string, string>; body?: string };
}

/**
 * Forwards one request to a local upstream (the embedded storage emulator,
 * reached through the app's own origin so browsers upload same-origin), sending
 * and answering only what the caller allows.
 */
export function forward(req: IncomingMessage, res: ServerResponse, forwarding: Forwarding): void {
  const url = new URL(forwarding.target);
  const upstream = http.request(
    { hostname: url.hostname, port: url.port, method: forwarding.method, path: forwarding.path, headers: { ...forwarding.headers, host: url.host } },
    (answer) => {
      // The client went away before the upstream answered (piping into a destroyed response throws: it ended the process).
      if (res.destroyed || res.writableEnded) {
        answer.resume();
        return;
      }
      const { status, headers, body } = forwarding.answer(answer.statusCode ?? 502, answer.headers);
      if (body !== undefined) {
        answer.resume();
        res.writeHead(status, { ...headers, "Content-Length": String(Buffer.byteLength(body)) });
        res.end(body);
        return;
      }
      res.writeHead(status, headers);
      pipeline(answer, res, () => {});
    },
  );
  // A client gone mid-way takes the upstream request with it.
  res.once("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.on("error", () => {
    if (res.destroyed) return;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
    res.end("Storage unavailable");
  });
  if (forwarding.bodyLength === 0) {
    req.resume();
    upstream.end();
    return;
  }
  // The client's body, cut off (and the upload abandoned) past the length: the upstream never gets more.
  pipeline(req, limitTo(forwarding.bodyLength), upstream, (error) => {
    if (error) upstream.destroy(error);
  });
}

function limitTo(length: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (seen > length) done(new Error("request body longer than its signed length"));
      else done(null, chunk);
    },
    flush(done) {
      done(seen < length ? new Error("request body shorter than its signed length") : null);
    },
  });
}
