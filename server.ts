// Nearhand's production server: static files from the client build, the React
// Router handler for everything else, and the `/ws` live channel.
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";
import sirv from "sirv";
import { WebSocketServer } from "ws";

import type { NodeServices } from "./app/http/node-services.server.ts";
import type { ServerHooks } from "./server-hooks.ts";

interface ServerBuild {
  default: { fetch(request: Request, client: { address: string }): Promise<Response> };
  nodeServices: NodeServices;
  /** The app's route pattern a path matches ("/api/jobs/:id"), or "unmatched". */
  routePatternOf(pathname: string): string;
}

const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const WORKERS = workerCount(process.env.WEB_CONCURRENCY);

if (cluster.isPrimary && WORKERS > 1) superviseWorkers(WORKERS);
else await serve();

/** WEB_CONCURRENCY: how many worker processes share the port (default 1: this process serves). */
function workerCount(value: string | undefined): number {
  if (value === undefined || value === "") return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not ${JSON.stringify(value)}`);
    process.exit(1);
  }
  return count;
}

/**
 * The primary of WEB_CONCURRENCY workers (node:cluster): forks them, replaces one that dies, passes SIGTERM and
 * SIGINT on and exits when they have. Instances are stateless, so workers are instances that share a port; the
 * embedded services live inside one process, so several workers need the real ones.
 */
function superviseWorkers(count: number): void {
  const log = (level: "info" | "error", msg: string, extra: Record<string, unknown> = {}) =>
    console[level === "error" ? "error" : "log"](JSON.stringify({ level: level === "error" ? 50 : 30, time: Date.now(), msg, ...extra }));
  // The embedded stand-ins (database, identity provider, storage, mail catcher) each live inside one process.
  const missing = ["DATABASE_URL", "OIDC_ISSUER", "S3_ENDPOINT", "SMTP_URL"].filter((name) => !process.env[name]);
  if (missing.length > 0) {
    log("error", `WEB_CONCURRENCY above 1 needs ${missing.join(", ")}: the embedded services live inside one process`);
    process.exit(1);
  }
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  for (let i = 0; i < count; i++) fork();
  log("info", `Nearhand primary ${process.pid}: ${count} workers`, { workers: count });
  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    const livedMs = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // A worker that fails while starting (a configuration error, the database unreachable) would fail again.
    if (code !== 0 && livedMs < 10_000) {
      log("error", `worker ${worker.process.pid} failed while starting (exit ${code}); stopping`, { code });
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    log("error", `worker ${worker.process.pid} exited (${signal ?? code}); starting another`, { code, signal });
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** One server process: the app, static files and /ws on the configured port. */
async function serve(): Promise<void> {
  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const services = build.nodeServices;
  const logger = services.logger;

  let config: Awaited<ReturnType<NodeServices["start"]>>;
  try {
    config = await services.start();
  } catch (error) {
    logger.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const devOidc = await services.devOidc();
  // A harness (the tests, the bench) may add routes and wrap requests: SERVER_HOOKS names its module.
  const hooks: ServerHooks = process.env.SERVER_HOOKS
    ? ((await import(pathToFileURL(path.resolve(process.env.SERVER_HOOKS)).href)) as { default: ServerHooks }).default
    : {};

  const serveStatic = sirv(path.join(buildDir, "client"), {
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      for (const [name, value] of Object.entries(services.staticFileHeaders(pathname))) res.setHeader(name, value);
    },
  });
  // The client's socket address goes to the app for rate limits (decision 0021).
  const handleApp = services.answerListener(
    async (request, client) => services.compressResponse(request, await build.default.fetch(request, client)),
    (err) => services.log().error({ err }, "request failed"),
  );
  const securityHeaders = Object.entries(services.securityHeaders());

  const server = http.createServer((req, res) => {
    const requestId = services.requestIdFrom(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", requestId);
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    services.withRequestLog(requestId, (requestLog) => {
      const started = performance.now();
      const requestPath = pathOf(req.url); // before a mounted handler rewrites req.url
      // "close" comes once a response is done, answered or not: one whose answer was cut off (the client left, or the
      // server ended it after an error, which is logged on its own line) still gets its line.
      res.once("close", () => {
        const elapsed = performance.now() - started;
        const ms = Math.round(elapsed);
        if (res.writableFinished) {
          requestLog.summary({ method: req.method, path: requestPath, status: res.statusCode, ms }, "request");
          services.observeRequest(req.method ?? "GET", routeLabels.get(res) ?? "static", res.statusCode, elapsed / 1000);
        } else {
          const cut = res.headersSent ? "mid-answer" : "before the answer";
          requestLog.summary({ method: req.method, path: requestPath, status: res.headersSent ? res.statusCode : undefined, ms, cut }, "request");
        }
      });
      if (hooks.wrap) hooks.wrap(req, res, () => route(req, res));
      else route(req, res);
    });
  });

  services.limitConnections(server);

  /** What each answered request was, for the metrics: a route pattern of the app or a path of server.ts's own. */
  const routeLabels = new WeakMap<http.ServerResponse, string>();

  /** The path without its query string, which may carry sign-in codes. */
  function pathOf(url: string | undefined): string {
    return (url ?? "/").split("?")[0];
  }

  function route(req: http.IncomingMessage, res: http.ServerResponse) {
    const unservable = services.unservableRequest(req);
    if (unservable) {
      routeLabels.set(res, "unservable");
      const headers = {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Length": String(Buffer.byteLength(unservable.text)),
        Connection: "close",
      };
      res.writeHead(unservable.status, { ...headers, ...unservable.headers });
      res.end(unservable.text);
      return;
    }
    const pathname = pathOf(req.url);
    if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") routeLabels.set(res, pathname);
    // Liveness: the process answers (a database outage is no reason to restart it).
    if (pathname === "/healthz") {
      res.writeHead(200, { "Content-Type": "text/plain", "Cache-Control": "no-store" });
      res.end("ok");
      return;
    }
    // Readiness: the database answers and live events arrive; a load balancer sends nothing here until then.
    if (pathname === "/readyz") {
      void services.readiness().then((readiness) => {
        res.writeHead(readiness.ready ? 200 : 503, { "Content-Type": "text/plain", "Cache-Control": "no-store" });
        res.end(readiness.ready ? "ready" : readiness.reason);
      });
      return;
    }
    if (pathname === "/metrics") {
      void services.answerMetrics(req, res);
      return;
    }
    if (hooks.route?.(req, res, services)) return;
    if (pathname.startsWith("/_storage/")) {
      routeLabels.set(res, "/_storage/*");
      // Only what the app presigned reaches the embedded storage emulator (app/dev/storage-proxy.server.ts).
      void services.proxyStorage(req, res).then(
        (handled) => {
          if (!handled) {
            res.writeHead(404, { "Content-Type": "text/plain" });
            res.end("Not Found");
          }
        },
        (err: unknown) => {
          services.log().error({ err }, "storage proxy failed");
          if (!res.headersSent) res.writeHead(503, { "Content-Type": "text/plain" });
          res.end("Storage unavailable");
        },
      );
      return;
    }
    if (devOidc && (pathname === devOidc.mountPath || pathname.startsWith(`${devOidc.mountPath}/`))) {
      routeLabels.set(res, `${devOidc.mountPath}/*`);
      devOidc.handle(req, res);
      return;
    }
    const toApp = () => {
      // A visitor page (the landing, the 404 page), once rendered, is answered from memory without becoming a
      // Fetch Request; only what reaches the app gets one, never a static file or an embedded service's path.
      routeLabels.set(res, build.routePatternOf(pathname));
      const kept = services.keptVisitorPage(req);
      if (kept) {
        res.writeHead(kept.status, kept.headers.flat());
        res.end(kept.body);
        return;
      }
      void handleApp(req, res);
    };
    // The client build holds no file under /api/: the JSON API skips the static files' lookup.
    if (pathname.startsWith("/api/")) toApp();
    else serveStatic(req, res, toApp);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on("upgrade", (req, socket: Duplex, head) => {
    const requestId = services.requestIdFrom(req.headers["x-request-id"]);
    services.withRequestLog(requestId, (requestLog) => {
      if (pathOf(req.url) !== "/ws") {
        refuseUpgrade(socket, 404, "Not Found");
        return;
      }
      services.authenticateUpgrade(req).then(
        (verdict) => {
          requestLog.summary({ path: "/ws", status: verdict.ok ? 101 : verdict.status, userId: verdict.ok ? verdict.userId : undefined }, "upgrade");
          if (!verdict.ok) return refuseUpgrade(socket, verdict.status, verdict.reason);
          wss.handleUpgrade(req, socket, head, (ws) => services.acceptSocket(verdict, ws));
        },
        (err: unknown) => {
          requestLog.logger.error({ err }, "upgrade failed");
          refuseUpgrade(socket, 503, "Service Unavailable");
        },
      );
    });
  });

  function refuseUpgrade(socket: Duplex, status: number, reason: string) {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  // An idle keep-alive connection stays open longer than a load balancer's (60 s on AWS, GCP, Azure): Node's 5 s
  // default let a connection close just as the balancer (or any client) sent the next request on it, which then
  // failed with a reset instead of an answer.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;

  // Loopback unless HOST says otherwise, outside production (config.host).
  server.listen(config.port, config.host, () => {
    logger.info({ url: config.appUrl.href, host: config.host, port: config.port }, `Nearhand listening on ${config.appUrl.href}`);
  });

  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    const force = setTimeout(() => {
      logger.error("Shutdown took too long; exiting.");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Said once the port is closed: whoever reads it can count on new connections being refused.
    logger.info({ signal }, `${signal} received: finishing in-flight requests`);
    // Keep-alive connections go as soon as their in-flight request is answered.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    for (const client of wss.clients) client.close(1001, "Server shutting down");
    await closed;
    clearInterval(sweep);
    await services.shutdown();
    await globalThis.nearhandTelemetry?.shutdown().catch(() => {});
    logger.info("Shut down cleanly.");
    process.exit(0);
  }
  // React Router 8.4's RSC payload injection wrote into a page stream that a client
  // abandoned mid-render, from a timer: a rejection nobody can catch (decision 0024).
  // Documents no longer pass through it (entry.ssr.tsx writes the payload) and 8.5 guards
  // those writes, but the net stays (decision 0065): such a write is harmless. Anything
  // else unhandled still ends the process.
  process.on("unhandledRejection", (reason) => {
    if (reason instanceof TypeError && (reason as NodeJS.ErrnoException).code === "ERR_INVALID_STATE") {
      services.log().warn({ err: reason }, "write to an abandoned response stream ignored");
      return;
    }
    logger.fatal({ err: reason }, "unhandled rejection");
    process.exit(1);
  });
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
