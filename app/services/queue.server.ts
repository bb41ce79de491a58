import "server-only";
// Jobs for the background workers (pg-boss, decision 0050). A job is written by the transaction of the change
// that causes it, so it exists exactly when that change committed (an outbox); workers take it afterwards.
import { sql } from "drizzle-orm";
import { PgBoss, fromDrizzle, type Job, type SendOptions } from "pg-boss";
import { newQueue, type QueueName } from "../../db/queue.ts";
import type { Executor } from "./db.server";
import { getDatabaseHandle } from "./db.server";
import { log } from "./logger.server";

/**
 * Writes a job inside `tx`. The sender is made for the transaction: every statement it runs (reading the
 * queue's settings, the insert) goes through `tx`, so it works on any connection, PGlite's one included.
 * Returns null when a job with the same id already exists.
 */
export async function enqueue(tx: Executor, name: QueueName, data: object, options: SendOptions = {}): Promise<string | null> {
  const sender = new PgBoss({ db: fromDrizzle(tx as never, sql), schedule: false, supervise: false, migrate: false });
  return sender.send(name, data, options);
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

let worker: PgBoss | undefined;

/** Starts this instance's workers (MAIL_WORKER=false leaves them to another process). */
export async function startWorkers(handlers: Partial<Record<QueueName, JobHandler<never>>>, pollingIntervalSeconds = 2): Promise<void> {
  if (worker) return;
  const handle = await getDatabaseHandle();
  const boss = newQueue(handle, { supervise: true, migrate: false });
  boss.on("error", (err) => log().error({ err }, "job queue error"));
  await boss.start();
  for (const [name, handler] of Object.entries(handlers)) {
    await boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
      await (handler as JobHandler<unknown>)(job);
    });
  }
  worker = boss;
}

/** Stops taking jobs and waits (up to 10 s) for the ones in hand. */
export async function stopWorkers(): Promise<void> {
  const boss = worker;
  worker = undefined;
  await boss?.stop({ graceful: true, timeout: 10_000, close: true });
}
