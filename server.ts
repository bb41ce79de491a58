// Nearhand's production server: static files from the client build, the React
// Router handler for everything else, and the `/ws` live channel.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Duplex } from "node:stream";
import { createRequestListener } from "@remix-run/node-fetch-server";
import sirv from "sirv";
import { WebSocketServer } from "ws";
import type { NodeServices } from "./app/services/node-services.server.ts";

interface ServerBuild {
  default: { fetch(request: Request): Promise<Response> };
  nodeServices: NodeServices;
}

const SHUTDOWN_GRACE_MS = 10_000;
/** NODE_ENV=test only: the database fingerprint the integration tests compare (tests/support/db-snapshot.ts). */
const TEST_SNAPSHOT_PATH = "/__test/db-snapshot";

const buildDir = path.resolve("build");
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const services = build.nodeServices;

let config;
try {
  config = await services.start();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const devOidc = await services.devOidc();

const serveStatic = sirv(path.join(buildDir, "client"), {
  etag: true,
  gzip: false,
  brotli: false,
  setHeaders(res, pathname) {
    res.setHeader(
      "Cache-Control",
      pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=300",
    );
  },
});
const handleApp = createRequestListener((request) => build.default.fetch(request));

const server = http.createServer((req, res) => {
  const pathname = (req.url ?? "/").split("?")[0];
  if (pathname === "/healthz") {
    void services.healthy().then((ok) => {
      res.writeHead(ok ? 200 : 503, { "Content-Type": "text/plain", "Cache-Control": "no-store" });
      res.end(ok ? "ok" : "database unavailable");
    });
    return;
  }
  if (pathname === TEST_SNAPSHOT_PATH && config.env === "test") {
    void services.testDatabaseSnapshot().then(
      (snapshot) => {
        res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
        res.end(JSON.stringify(snapshot));
      },
      (error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      },
    );
    return;
  }
  if (pathname.startsWith("/_storage/")) {
    void services.proxyStorage(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(404, { "Content-Type": "text/plain" });
        res.end("404: Not Found");
      }
    });
    return;
  }
  if (devOidc && (pathname === devOidc.mountPath || pathname.startsWith(`${devOidc.mountPath}/`))) {
    devOidc.handle(req, res);
    return;
  }
  serveStatic(req, res, () => {
    void handleApp(req, res);
  });
});

const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
server.on("upgrade", (req, socket: Duplex, head) => {
  const pathname = (req.url ?? "/").split("?")[0];
  if (pathname !== "/ws") {
    refuseUpgrade(socket, 404, "Not Found");
    return;
  }
  services.authenticateUpgrade(req).then(
    (verdict) => {
      if (!verdict.ok) return refuseUpgrade(socket, verdict.status, verdict.reason);
      wss.handleUpgrade(req, socket, head, (ws) => services.acceptSocket(verdict.userId, ws));
    },
    () => refuseUpgrade(socket, 503, "Service Unavailable"),
  );
});

function refuseUpgrade(socket: Duplex, status: number, reason: string) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

server.listen(config.port, process.env.HOST || undefined, () => {
  console.log(`Nearhand listening on ${config.appUrl.href} (port ${config.port})`);
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing in-flight requests`);
  const force = setTimeout(() => {
    console.error("Shutdown took too long; exiting.");
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections go as soon as their in-flight request is answered.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  for (const client of wss.clients) client.close(1001, "Server shutting down");
  await closed;
  clearInterval(sweep);
  await services.shutdown();
  console.log("Shut down cleanly.");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
