import "server-only";

import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { WebSocket } from "ws";

import type { Executor } from "#db/client.ts";
import type { DevOidcProvider } from "~/dev/oidc.server";
import { answerListener, type FetchHandler } from "~/http/answer-listener.server";
import { CALLBACK_PATH } from "~/http/auth.server";
import { compressResponse } from "~/http/compression.server";
import { limitConnections } from "~/http/connection-limits.server";
import { answerMetrics } from "~/http/metrics-endpoint.server";
import { isOwnOrigin } from "~/http/origin.server";
import { checkReadiness, startReadinessProbe, stopReadinessProbe, type Readiness } from "~/http/readiness.server";
import { closeAllSockets, connectedSocketCount, hasRoomForSocket, registerSocket, startEventFanout, stopEventFanout } from "~/http/realtime.server";
import { unservableRequest, type RequestHead, type Unservable } from "~/http/request-target.server";
import { baseSecurityHeaders } from "~/http/security-headers.server";
import { getSessionStorage, purgeExpiredSessions } from "~/http/session.server";
import { staticFileHeaders } from "~/http/static-files.server";
import { keptVisitorPage, type KeptAnswer } from "~/http/visitor-pages.server";
import { getConfig, type Config } from "~/infra/config.server";
import { closeDatabase, getDatabaseHandle } from "~/infra/db.server";
import { closeEventBus } from "~/infra/event-bus.server";
import { sessionTag } from "~/infra/events.server";
import { log, requestIdFrom, rootLogger, withRequestLog, type RequestLog } from "~/infra/logger.server";
import { closeMailer, mailCatcher, provideMailCatcher, type MailCatcher } from "~/infra/mail.server";
import { measureLiveSockets, observeRequest } from "~/infra/metrics.server";
import { stopWorkers } from "~/infra/queue.server";
import { getStorage, provideStorageEmulator, stopStorage } from "~/infra/storage.server";
import { startAlertWorker } from "~/operations/alerts.server";

export type AcceptedUpgrade = { ok: true; userId: string; /** The tag of the session that opens it. */ session: string };
export type UpgradeVerdict = AcceptedUpgrade | { ok: false; status: 401 | 403 | 429; reason: string };

const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * What the Node server (server.ts, or the Vite dev plugin) needs from the app,
 * exported by the RSC entry so both share one module instance with the routes.
 */
export interface NodeServices {
  /** Validates the configuration and opens, migrates and seeds the database. */
  start(): Promise<Config>;
  /** True when the database answers. */
  /** Whether this instance can serve: the database answers and live events arrive (/readyz). */
  readiness(): Promise<Readiness>;
  /** GET /metrics (Prometheus), guarded by METRICS_TOKEN (metrics-endpoint.server.ts). */
  answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Counts an answered request under its route pattern and status. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Headers for every response (decision 0020); HTML documents replace the Content-Security-Policy with their own. */
  securityHeaders(): Record<string, string>;
  /** The caching (and, for the service worker, policy) headers of a file of the client build, by its path. */
  staticFileHeaders(pathname: string): Record<string, string>;
  /** The embedded development OpenID provider, when no OIDC_ISSUER is configured. */
  devOidc(): Promise<DevOidcProvider | null>;
  /** Decides a `/ws` upgrade: session cookie required, Origin must be APP_URL's, room for one more of the user's sockets. */
  authenticateUpgrade(request: IncomingMessage): Promise<UpgradeVerdict>;
  /** Keeps an accepted socket until it closes or its session ends. */
  acceptSocket(upgrade: AcceptedUpgrade, socket: WebSocket): void;
  /**
   * Serves a request under STORAGE_PROXY_PATH from the embedded storage emulator, when it is
   * a request the app presigned (else a 403); false when there is no emulator.
   */
  proxyStorage(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** A kept visitor page (visitor-pages.server.ts) answered straight from the Node request, or null. */
  keptVisitorPage(request: IncomingMessage): KeptAnswer | null;
  /** The app's database, for a harness's checks (tests/support/server-hooks.ts). */
  database(): Promise<Executor>;
  /** The embedded mail catcher (null with SMTP_URL), for a harness's checks. */
  mailCatcher(): Promise<MailCatcher | null>;
  shutdown(): Promise<void>;
  /** Compresses a compressible response for a client that accepts it, streaming chunk by chunk. */
  compressResponse(request: Request, response: Response): Response;
  /** The Node listener around the app's fetch handler: a finished answer is written in one call (answer-listener.server.ts). */
  answerListener(handle: FetchHandler, onError: (error: unknown) => void): (req: IncomingMessage, res: ServerResponse) => void;
  /** Bounds what one client may hold of the server: a body's arrival time, connections per address (decision 0064). */
  limitConnections(server: Server): void;
  /** Why a request cannot be served (a method, target or Host no URL can hold), or null. */
  unservableRequest(request: RequestHead): Unservable | null;
  /** The process's JSON logger (pino). */
  logger: Logger;
  /** The logger of the request being handled, else the process's. */
  log(): Logger;
  /** The request's id: a well-formed X-Request-Id from the proxy, else a new one. */
  requestIdFrom(header: string | string[] | undefined): string;
  /** Runs a request's handling so that every line it logs carries the request id. */
  withRequestLog<T>(requestId: string, handle: (requestLog: RequestLog) => T): T;
}

/** The development stand-ins, loaded only when a service has no real one configured (never in production). */
const standIns = () => import("~/dev/stand-ins.server");

/** Hands the embedded mail catcher and storage emulator to the infrastructure, where those are configured. */
function provideStandIns(config: Config): void {
  if (config.mail.mode === "embedded") provideMailCatcher(async () => (await standIns()).startMailCatcher());
  if (config.storage.mode === "embedded") {
    provideStorageEmulator(async (settings, dataDir) => (await standIns()).startStorageEmulator(settings, dataDir));
  }
}

let devOidcProvider: Promise<DevOidcProvider | null> | undefined;
let purgeTimer: NodeJS.Timeout | undefined;
let securityHeaders: Record<string, string> | undefined;

export const nodeServices: NodeServices = {
  unservableRequest,
  limitConnections(server) {
    limitConnections(server, getConfig());
  },
  async start() {
    const config = getConfig();
    provideStandIns(config);
    await startEventFanout();
    measureLiveSockets(connectedSocketCount);
    await startReadinessProbe();
    await getStorage();
    await startAlertWorker();
    await purgeExpiredSessions();
    purgeTimer ??= setInterval(() => {
      purgeExpiredSessions().catch((err: unknown) => log().warn({ err }, "session purge failed"));
    }, SESSION_PURGE_INTERVAL_MS);
    purgeTimer.unref();
    return config;
  },

  readiness: checkReadiness,
  answerMetrics,
  observeRequest,

  securityHeaders() {
    securityHeaders ??= baseSecurityHeaders(getConfig());
    return securityHeaders;
  },

  staticFileHeaders,

  devOidc() {
    devOidcProvider ??= (async () => {
      const config = getConfig();
      if (config.oidc.mode !== "embedded") return null;
      const { createDevOidcProvider } = await standIns();
      return createDevOidcProvider({
        issuer: config.oidc.issuer,
        clientId: config.oidc.clientId,
        clientSecret: config.oidc.clientSecret,
        redirectUris: [new URL(CALLBACK_PATH, config.appUrl).href],
        cookieSecret: config.sessionSecret,
      });
    })();
    return devOidcProvider;
  },

  async authenticateUpgrade(request) {
    const config = getConfig();
    if (!isOwnOrigin(request.headers.origin, config.appUrl)) {
      return { ok: false, status: 403, reason: "Forbidden origin" };
    }
    const session = await getSessionStorage().getSession(request.headers.cookie);
    const userId = session.get("userId");
    if (!userId) return { ok: false, status: 401, reason: "Unauthorized" };
    const requested = new URL(request.url ?? "/", "http://localhost").searchParams.get("userId");
    if (requested && requested !== userId) return { ok: false, status: 403, reason: "userId does not match the session" };
    if (!hasRoomForSocket(userId)) return { ok: false, status: 429, reason: "Too Many Requests" };
    return { ok: true, userId, session: sessionTag(session.id) };
  },

  acceptSocket(upgrade, socket) {
    registerSocket(upgrade.userId, upgrade.session, socket);
  },

  async proxyStorage(req, res) {
    const { storage } = getConfig();
    if (storage.mode !== "embedded") return false;
    const { emulatorUrl, signer, bucket } = await getStorage();
    if (!emulatorUrl) return false;
    const { serveStorageRequest } = await standIns();
    await serveStorageRequest(req, res, { emulatorUrl, signer, bucket, publicUrl: storage.publicUrl });
    return true;
  },

  async database() {
    return (await getDatabaseHandle()).db;
  },

  mailCatcher,

  async shutdown() {
    if (purgeTimer) clearInterval(purgeTimer);
    purgeTimer = undefined;
    closeAllSockets();
    await stopEventFanout();
    await stopReadinessProbe();
    await closeEventBus();
    await stopStorage();
    await stopWorkers();
    await closeMailer();
    await closeDatabase();
  },

  compressResponse,
  answerListener,
  keptVisitorPage,
  logger: rootLogger,
  log,
  requestIdFrom,
  withRequestLog,
};

export type { DevOidcProvider, IncomingMessage, ServerResponse };
