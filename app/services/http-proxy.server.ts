import "server-only";
import http, { type IncomingMessage, type ServerResponse } from "node:http";

/**
 * Forwards a request to `target`, dropping `prefix` from its path: the
 * embedded storage emulator is reached through the app's own origin, so
 * browsers upload same-origin (the emulator has no CORS).
 */
export function forwardTo(target: string, prefix: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(target);
  const path = (req.url ?? "/").slice(prefix.length) || "/";
  const headers = { ...req.headers, host: url.host };
  delete headers.cookie;
  const upstream = http.request(
    { hostname: url.hostname, port: url.port, method: req.method, path, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
    res.end("502: Storage unavailable");
  });
  req.pipe(upstream);
}
