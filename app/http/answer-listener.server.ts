import "server-only";

import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import { createRequest, sendResponse, type ClientAddress } from "@remix-run/node-fetch-server";

import { finishedBody } from "~/http/compression.server";

export type FetchHandler = (request: Request, client: ClientAddress) => Promise<Response>;

const INTERNAL_ERROR = "Internal Server Error";

/**
 * The app's Node request listener: node-fetch-server's conversions between a Node request and a Fetch one, around
 * the app's handler. A finished answer (finishedBody: a JSON answer, compressed or not) is written to the socket from
 * its bytes in one call; node-fetch-server's sendResponse reads every answer's body stream back chunk by chunk, which
 * cost the API a stream reader, its promises and a close listener per request (issue 36 §3). Any other answer (a
 * streamed page) goes through sendResponse. Errors and aborts are handled as node-fetch-server's own listener does:
 * a failed handler is logged and answered 500; nothing is written to a client that went away.
 */
export function answerListener(handle: FetchHandler, onError: (error: unknown) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void answer(req, res, handle, onError);
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, handle: FetchHandler, onError: (error: unknown) => void): Promise<void> {
  let closed = false;
  res.once("close", () => {
    closed = true;
  });
  const gone = () => closed || res.destroyed;
  let request: Request;
  try {
    request = createRequest(req, res);
  } catch {
    // A request no URL can be made of (server.ts refuses those before, with their reasons).
    writeText(res, 400, "Bad Request");
    return;
  }
  let response: Response;
  try {
    response = await handle(request, clientAddress(req));
  } catch (error) {
    if (request.signal.aborted) return;
    onError(error);
    if (!gone()) writeText(res, 500, INTERNAL_ERROR);
    return;
  }
  if (gone() || request.signal.aborted) return;
  const body = finishedBody(response);
  if (body !== undefined) {
    res.writeHead(response.status, response.statusText, headersOf(response));
    // A string is written as bytes, as Express does: Node joins a string body to the header text and encodes the
    // whole on the socket, which cost an uncompressed 40 KB JSON answer about 7% of its Node CPU (docs/performance.md).
    res.end(req.method === "HEAD" ? undefined : typeof body === "string" ? Buffer.from(body) : body);
    return;
  }
  try {
    await sendResponse(res, response);
  } catch (error) {
    if (gone() || request.signal.aborted) return;
    onError(error);
    if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
    else writeText(res, 500, INTERNAL_ERROR);
  }
}

function clientAddress(req: IncomingMessage): ClientAddress {
  const address = req.socket.remoteAddress ?? "";
  return { address, family: isIP(address) === 6 ? "IPv6" : "IPv4", port: req.socket.remotePort ?? 0 };
}

/** A Fetch answer's headers for writeHead, each Set-Cookie kept apart (joined, they would be one cookie). */
function headersOf(response: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) {
    const earlier = headers[name];
    headers[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return headers;
}

function writeText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "Content-Type": "text/plain", "Content-Length": String(Buffer.byteLength(text)) });
  res.end(text);
}
