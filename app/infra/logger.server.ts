import "server-only";

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { pino, type Logger } from "pino";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function levelFromEnv(): (typeof LEVELS)[number] {
  const wanted = Reflect.get(process.env, "LOG_LEVEL");
  return LEVELS.find((level) => level === wanted) ?? "info";
}

/**
 * One JSON line per event on stdout. Nothing that can carry a secret is ever
 * logged on purpose (no headers, no query strings, no bodies); the redaction
 * is the safety net for error objects that carry such fields.
 */
export const rootLogger: Logger = pino({
  level: levelFromEnv(),
  base: { service: "nearhand" },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
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
});

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

const requestLogs = new AsyncLocalStorage<Logger>();

/** The logger of the request being handled (its lines carry `requestId`), else the process logger. */
export function log(): Logger {
  return requestLogs.getStore() ?? rootLogger;
}

const FORWARDED_ID = /^[\w.:-]{8,128}$/;

/** The id a proxy gave the request (X-Request-Id), when it looks like one; otherwise a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && FORWARDED_ID.test(value) ? value : randomUUID();
}

/** Runs `handle` with a logger whose every line carries `requestId`. */
export function withRequestLog<T>(requestId: string, handle: (logger: Logger) => T): T {
  const logger = rootLogger.child({ requestId });
  return requestLogs.run(logger, () => handle(logger));
}
