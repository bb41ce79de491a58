import "server-only";

// Alert emails: the worker's side. A queued notification that is due is checked against the rules
// (models/email-alert), rendered, handed to the mail server and recorded; a failure throws, so the queue
// retries it with backoff.
import type { Job } from "pg-boss";

import { QUEUES } from "#db/queue.ts";
import { alertMail } from "~/infra/alert-mail.server";
import { getConfig } from "~/infra/config.server";
import { getDb } from "~/infra/db.server";
import { log } from "~/infra/logger.server";
import { sendMail } from "~/infra/mail.server";
import { startWorkers } from "~/infra/queue.server";
import { unsubscribeUrl } from "~/infra/unsubscribe-token.server";
import { notificationHref } from "~/lib/notifications";
import {
  alertToSend,
  digestToSend,
  queueAlertLater,
  recordDelivery,
  recordDigest,
  type AlertToSend,
  type EmailKind,
} from "~/models/email-alert.server";
import { alertPath, isCompletedNotice } from "~/operations/alert-path.server";
import { deliverPushAlert } from "~/operations/push-alerts.server";
import { lapseQueuedRequest } from "~/operations/requests.server";
import { sendAccountEmail } from "~/operations/suspensions.server";

/** What a reader unsubscribes from, as the email and the unsubscribe page name it. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  urgentJobs: "urgent job",
  jobDigest: "job digest",
  bookings: "booking update",
  messages: "new message",
  reviews: "new review",
};

export async function deliverAlert(job: Job<{ notificationId: string }>): Promise<void> {
  const db = await getDb();
  const alert = await alertToSend(db, job.data.notificationId);
  if (!alert) return;
  if ("later" in alert) return queueAlertLater(db, alert);
  await sendMail(renderAlert(alert));
  await recordDelivery(db, alert);
  log().info({ notificationId: alert.notification.id, kind: alert.kind }, "alert email sent");
}

function renderAlert(alert: AlertToSend) {
  const { notification } = alert;
  const appUrl = getConfig().appUrl;
  const completed = isCompletedNotice(notification);
  const path = alertPath(notification);
  return alertMail({
    to: alert.to,
    title: notification.title,
    message: notification.message,
    link: new URL(path, appUrl).href,
    linkLabel: completed ? "Leave a review" : "Open in Nearhand",
    unsubscribe: unsubscribeUrl(notification.userId, alert.kind),
    oneClick: unsubscribeUrl(notification.userId, alert.kind, "one-click"),
    kindLabel: EMAIL_KIND_LABELS[alert.kind],
    messageId: `<${notification.id}@${appUrl.hostname}>`,
  });
}

/** A provider's digest of jobs that are not urgent, when due (models/email-alert: digestToSend). */
export async function deliverDigest(job: Job<{ userId: string }>): Promise<void> {
  const db = await getDb();
  const digest = await digestToSend(db, job.data.userId);
  if (!digest) return;
  const appUrl = getConfig().appUrl;
  const count = digest.items.length;
  await sendMail(
    alertMail({
      to: digest.to,
      title: count === 1 ? "A new job near you" : `${count} new jobs near you`,
      message: "Posted near you since we last wrote:",
      items: digest.items.map((item) => ({ text: item.message, link: new URL(notificationHref("job_posted", item.relatedId) ?? "/", appUrl).href })),
      link: new URL("/", appUrl).href,
      linkLabel: "See jobs near you",
      unsubscribe: unsubscribeUrl(digest.userId, "jobDigest"),
      oneClick: unsubscribeUrl(digest.userId, "jobDigest", "one-click"),
      kindLabel: EMAIL_KIND_LABELS.jobDigest,
      messageId: `<${digest.key.replaceAll(":", ".")}@${appUrl.hostname}>`,
    }),
  );
  await recordDigest(db, digest);
  log().info({ userId: digest.userId, jobs: count }, "job digest sent");
}

/** Starts this instance's background worker (alert email and push, lapsing requests), unless MAIL_WORKER=false. */
export async function startAlertWorker(): Promise<void> {
  const config = getConfig();
  if (!config.mailWorker) return;
  await startWorkers(
    {
      [QUEUES.alertEmail]: deliverAlert as never,
      [QUEUES.messageAlert]: deliverAlert as never,
      [QUEUES.jobDigest]: deliverDigest as never,
      [QUEUES.requestExpiry]: lapseQueuedRequest as never,
      [QUEUES.accountEmail]: sendAccountEmail as never,
      [QUEUES.alertPush]: deliverPushAlert as never,
      [QUEUES.pushLater]: deliverPushAlert as never,
    },
    { pollingIntervalSeconds: config.mailWorkerPollSeconds, lostAfterSeconds: config.mailWorkerLostSeconds },
  );
}
