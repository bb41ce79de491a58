// The message's alert email, queued as the app queues it (issue 20's outbox, decision 0050): pg-boss's insert run
// in the caller's transaction, the job named after the notification, one waiting per conversation and receiver.
import { PgBoss } from "pg-boss";
import type { TransactionSql } from "postgres";
import { AsyncLocalStorage } from "node:async_hooks";

/** The app's settings for this job (db/queue.ts, models/email-alert.server.ts, the config's defaults). */
const MESSAGE_ALERT_QUEUE = "message-alert";
const MESSAGE_ALERT_DELAY_SECONDS = 5 * 60;
const RETRY_DELAY_SECONDS = 15;
const HEARTBEAT_SECONDS = 30;

const currentTransaction = new AsyncLocalStorage<TransactionSql>();

const sender = new PgBoss({
  db: {
    async executeSql(text: string, values: unknown[] = []) {
      const tx = currentTransaction.getStore();
      if (!tx) throw new Error("pg-boss sender used outside queueMessageAlert()");
      return { rows: await tx.unsafe(text, values as never[]) };
    },
  },
  schedule: false,
  supervise: false,
  migrate: false,
});

export async function queueMessageAlert(tx: TransactionSql, notificationId: string, bookingId: string, receiverId: string) {
  const job = {
    id: notificationId,
    data: { notificationId },
    retryDelay: RETRY_DELAY_SECONDS,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    startAfter: MESSAGE_ALERT_DELAY_SECONDS,
    singletonKey: `messages:${bookingId}:${receiverId}`,
  };
  await currentTransaction.run(tx, () => sender.insert(MESSAGE_ALERT_QUEUE, [job]));
}
