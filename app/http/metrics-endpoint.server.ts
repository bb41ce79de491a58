import "server-only";

// GET /metrics: with METRICS_TOKEN set, for a scraper presenting it as a bearer token (401 otherwise); without one,
// open outside production (loopback) and absent (404) in production, so metrics never reach the public by default.
import type { IncomingMessage, ServerResponse } from "node:http";

import { getConfig } from "~/infra/config.server";
import { metricsText } from "~/infra/metrics.server";
import { sameSecret } from "~/infra/same-secret.server";

export async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const config = getConfig();
  const plain = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { ...plain, Allow: "GET, HEAD" });
    return void res.end("Method Not Allowed");
  }
  if (config.metricsToken) {
    const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!sameSecret(presented, config.metricsToken)) {
      res.writeHead(401, { ...plain, "WWW-Authenticate": 'Bearer realm="metrics"' });
      return void res.end("Unauthorized");
    }
  } else if (config.production) {
    res.writeHead(404, plain);
    return void res.end("Not Found");
  }
  const { contentType, body } = await metricsText();
  res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : body);
}
