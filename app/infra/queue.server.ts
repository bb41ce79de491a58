import "server-only";

// Jobs for the background workers (pg-boss, decision 0050). A job is written by the transaction of the change
// that causes it, so it exists exactly when that change committed (an outbox); workers take it afterwards.
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss, type Job, type JobInsert, type JobResult } from "pg-boss";

import { newQueue, type QueueName } from "#db/queue.ts";
import { getDatabaseHandle, type Executor } from "~/infra/db.server";
import { log } from "~/infra/logger.server";

/** The transaction a job is being written in: the one sender runs every statement through it. */
const currentTransaction = new AsyncLocalStorage<Executor>();

/**
 * One sender for the process, never started: each statement it runs (reading a queue's settings the first time,
 * then only the insert) goes through the caller's transaction, so it works on any connection, PGlite's one
 * included, and the queue's settings are read once.
 */
const sender = new PgBoss({
  db: {
    executeSql(text, values) {
      const tx = currentTransaction.getStore();
      if (!tx) throw new Error("pg-boss sender used outside enqueue()");
      return fromDrizzle(tx as never, sql).executeSql(text, values);
    },
  },
  schedule: false,
  supervise: false,
  migrate: false,
});

/**
 * Writes jobs inside `tx` (the outbox), in one statement; a job whose id (or waiting singleton key) exists already
 * is left out.
 */
export async function enqueue(tx: Executor, name: QueueName, jobs: JobInsert[]): Promise<void> {
  if (jobs.length === 0) return;
  await currentTransaction.run(tx, () => sender.insert(name, jobs));
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

let worker: PgBoss | undefined;
const WORK_BATCH_SIZE = 20;

export interface WorkerTiming {
  pollingIntervalSeconds: number;
  /** The jobs' heartbeat: how soon a job whose worker died is failed (and retried) by a supervising instance. */
  lostAfterSeconds: number;
}

/** Starts this instance's workers (MAIL_WORKER=false leaves them to another process). */
export async function startWorkers(handlers: Partial<Record<QueueName, JobHandler<never>>>, timing: WorkerTiming): Promise<void> {
  if (worker) return;
  const { pollingIntervalSeconds, lostAfterSeconds } = timing;
  const handle = await getDatabaseHandle();
  // Supervision fails jobs whose heartbeat stopped, in its per-queue monitor pass (at most one per monitor interval
  // across instances): both run a few times per heartbeat, so a lost job waits at most about a third longer.
  const supervisionSeconds = Math.max(1, Math.floor(lostAfterSeconds / 3));
  const boss = newQueue(handle, {
    supervise: true,
    migrate: false,
    superviseIntervalSeconds: supervisionSeconds,
    monitorIntervalSeconds: supervisionSeconds,
  });
  boss.on("error", (err) => log().error({ err }, "job queue error"));
  await boss.start();
  for (const [name, handler] of Object.entries(handlers)) {
    // Up to 20 jobs per fetch, fetching again at once while batches come back full: a backlog (a job posted near
    // many providers) drains at the mail server's pace, not one job per polling interval. A job that fails is
    // failed alone (pg-boss retries it with backoff); the others of its batch complete.
    const options = { pollingIntervalSeconds, batchSize: WORK_BATCH_SIZE, burstWhenBatchFull: true, perJobResults: true } as const;
    await boss.work(name, options, async (jobs) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          await (handler as JobHandler<unknown>)(job);
          results.push({ id: job.id, status: "completed" });
        } catch (err) {
          log().warn({ err, queue: name, jobId: job.id }, "job failed; it will be retried");
          results.push({ id: job.id, status: "failed", output: { message: err instanceof Error ? err.message : String(err) } });
        }
      }
      return results;
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
