// The background job queue (pg-boss) on the app's own database (decision 0050): its schema is installed
// with the migrations, jobs are written inside the transaction of the change that causes them, and workers
// in any instance take them with SKIP LOCKED. Plain Node imports this file too (CLI scripts).
import type { PGlite } from "@electric-sql/pglite";
import { fromPglite, PgBoss, type ConstructorOptions, type Queue } from "pg-boss";

export const QUEUE_SCHEMA = "pgboss";

/** Every queue, with its retry policy: a mail server that is down for a while loses nothing. */
export const QUEUES = {
  /** One alert email for one notification (its id is the job's id: enqueued twice, it is one job). */
  alertEmail: "alert-email",
  /**
   * A message's email, due 5 minutes later; one waiting per conversation and receiver (policy "short"). A booking
   * email held back by its job's quiet time waits here too, one per job and person (decision 0062).
   */
  messageAlert: "message-alert",
  /** A provider's digest of jobs that are not urgent, due 30 minutes after the first; one waiting per provider. */
  jobDigest: "job-digest",
  /** A direct request that lapses unanswered, due at its expiry; one per booking (its id is the job's singleton key). */
  requestExpiry: "request-expiry",
  /** An email about the account itself (suspended, reinstated: issue 34). */
  accountEmail: "account-email",
  /** One push message for one notification and one device (decision 0077): retried per device. */
  alertPush: "alert-push",
  /**
   * A message's or a held-back booking's push, due later; one waiting per conversation (or job) and device (policy
   * "short"), as message-alert is for email.
   */
  pushLater: "push-later",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const RETRIES: Omit<Queue, "name"> = {
  retryLimit: 12,
  retryDelay: 15,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 120,
};

export interface QueueConnection {
  url?: string;
  pglite?: PGlite;
}

/** pg-boss on PostgreSQL (its own small pool) or on PGlite (sharing its one connection). */
export function newQueue(connection: QueueConnection, options: ConstructorOptions = {}): PgBoss {
  const common: ConstructorOptions = { schema: QUEUE_SCHEMA, schedule: false, ...options };
  if (connection.pglite) return new PgBoss({ ...common, db: fromPglite(connection.pglite), backend: "pglite" });
  return new PgBoss({ ...common, connectionString: connection.url, max: 2 });
}

/** Creates or upgrades the queue's schema and its queues; safe when several instances start at once. */
export async function installQueue(connection: QueueConnection): Promise<void> {
  const boss = newQueue(connection, { supervise: false, migrate: true, createSchema: true });
  boss.on("error", () => {});
  await boss.start();
  try {
    await boss.createQueue(QUEUES.alertEmail, RETRIES);
    await boss.createQueue(QUEUES.messageAlert, { ...RETRIES, policy: "short" });
    await boss.createQueue(QUEUES.jobDigest, { ...RETRIES, policy: "short" });
    await boss.createQueue(QUEUES.requestExpiry, RETRIES);
    await boss.createQueue(QUEUES.accountEmail, RETRIES);
    await boss.createQueue(QUEUES.alertPush, RETRIES);
    await boss.createQueue(QUEUES.pushLater, { ...RETRIES, policy: "short" });
  } finally {
    await boss.stop({ graceful: false, close: !connection.pglite });
  }
}
