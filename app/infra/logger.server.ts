import "server-only";

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { pino, type Logger } from "pino";

import { isoTimeOf } from "~/lib/iso-timestamp";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function levelFromEnv(): (typeof LEVELS)[number] {
  const wanted = Reflect.get(process.env, "LOG_LEVEL");
  return LEVELS.find((level) => level === wanted) ?? "info";
}

/**
 * Where every line goes: stdout, one write per turn of the event loop. The lines logged while the loop handles a
 * batch of sockets are joined and written together when it is done (a busy server writes many lines per system call,
 * an idle one each line at once). The write is synchronous, as pino's own, so no thread is involved and nothing waits
 * past the current turn; both loggers share it, so lines stay whole and in order; what is pending is written when
 * the process exits.
 */
const stdout = linesPerTurn(pino.destination({ dest: 1, sync: true }));

function linesPerTurn(destination: { write(text: string): unknown }): { write(line: string): void } {
  let pending = "";
  const flush = () => {
    if (pending === "") return;
    const text = pending;
    pending = "";
    destination.write(text);
  };
  process.on("exit", flush);
  return {
    write(line) {
      if (pending === "") setImmediate(flush);
      pending += line;
    },
  };
}

/** What every line holds, from either logger: the level by name, the service and an ISO time. */
function lineOptions() {
  return {
    level: levelFromEnv(),
    base: { service: "nearhand" },
    // pino's isoTime, with the second's text kept (isoTimeOf).
    timestamp: () => `,"time":"${isoTimeOf(Date.now())}"`,
    formatters: { level: (label: string) => ({ level: label }) },
  };
}

/**
 * One JSON line per event on stdout. Nothing that can carry a secret is ever
 * logged on purpose (no headers, no query strings, no bodies); the redaction
 * is the safety net for error objects that carry such fields.
 */
export const rootLogger: Logger = pino(
  {
    ...lineOptions(),
    redact: {
      paths: [
        "*.cookie",
        "*.authorization",
        "*.password",
        "*.secret",
        "*.token",
        "*.parameters",
        "*.headers",
        "err.*.cookie",
        "err.*.authorization",
        "err.*.headers",
        "err.$response",
        // PostgreSQL's detail repeats the row's values ("Key (email)=(…) already exists").
        "err.detail",
        "err.cause.detail",
      ],
      censor: "[redacted]",
    },
    serializers: { err: serializeError },
  },
  stdout,
);

/**
 * pino's error serializer, less the values a failed query carried: drizzle puts
 * them in its message ("params: a@b.example,Ada") and in `params`, and logs
 * hold no personal data beyond ids. The SQL text keeps its placeholders.
 */
export function serializeError(error: unknown): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error as Error);
  if (typeof serialized !== "object" || serialized === null) return serialized;
  for (const node of [serialized, serialized.cause as typeof serialized | undefined]) {
    if (!node || typeof node !== "object" || !("params" in node)) continue;
    // Exactly the text drizzle wrote (values may hold newlines), wherever pino copied the message.
    const values = `\nparams: ${String(node.params)}`;
    node.message = String(node.message).replaceAll(values, "");
    if (typeof node.stack === "string") node.stack = node.stack.replaceAll(values, "");
    delete node.params;
  }
  return serialized;
}

/**
 * The request being handled: its id, and its logger once something logs (making a child logger on every request
 * cost more than most requests ever log).
 */
export interface RequestLog {
  readonly requestId: string;
  /** A logger whose every line carries `requestId`. */
  readonly logger: Logger;
  /** The request's own summary line (method, path, status, time): the fields named are all it holds. */
  summary(fields: SummaryFields, msg: string): void;
}

/** What a request's summary line holds: ids, numbers and paths, never a value that needs redacting. */
export type SummaryFields = Record<string, string | number | undefined>;

// The summary lines go through a logger without redaction: every request writes one, and matching the redaction's
// wildcard paths against fields that cannot hold them was a tenth of a kept page's CPU.
const summaryLogger: Logger = pino(lineOptions(), stdout);

class RequestLogOf implements RequestLog {
  readonly requestId: string;
  #logger: Logger | undefined;
  constructor(requestId: string) {
    this.requestId = requestId;
  }
  get logger(): Logger {
    return (this.#logger ??= rootLogger.child({ requestId: this.requestId }));
  }
  summary(fields: SummaryFields, msg: string): void {
    summaryLogger.info({ requestId: this.requestId, ...fields }, msg);
  }
}

const requestLogs = new AsyncLocalStorage<RequestLog>();

/** The logger of the request being handled (its lines carry `requestId`), else the process logger. */
export function log(): Logger {
  return requestLogs.getStore()?.logger ?? rootLogger;
}

const FORWARDED_ID = /^[\w.:-]{8,128}$/;

/** The id a proxy gave the request (X-Request-Id), when it looks like one; otherwise a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && FORWARDED_ID.test(value) ? value : randomUUID();
}

/** Runs `handle` with the request's log: every line logged while it runs carries `requestId`. */
export function withRequestLog<T>(requestId: string, handle: (requestLog: RequestLog) => T): T {
  const requestLog = new RequestLogOf(requestId);
  return requestLogs.run(requestLog, () => handle(requestLog));
}
