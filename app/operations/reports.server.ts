import "server-only";

import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction } from "~/infra/events.server";
import { spendRateLimit, userKey } from "~/infra/rate-limit.server";
import { conflict, forbidden, notFound } from "~/lib/errors";
import { ALREADY_REPORTED, CANNOT_REPORT_OWN } from "~/lib/trust-safety-texts";
import { insertReport, REPORT_NOT_FOUND, reportSchema, reportTargetAuthor, type Report, type ReportInput } from "~/models/report.server";
import type { User } from "~/models/user.server";

/** POST /api/reports' body and the report form's fields. */
export const reportInput = reportSchema;

/** Counted against the reports limit, then `reportIn`. */
export async function sendReport(actor: Pick<User, "id">, input: ReportInput): Promise<Report> {
  await spendRateLimit("reports", userKey(actor.id));
  return reportIn(await getDb(), actor.id, input);
}

/**
 * A report of a job, user, message or review: only of something the reporter may see (404 otherwise), never of
 * themselves or their own content (403), one open report per reporter and target (409). Nobody is notified: the
 * reported user never learns who reported them, and operators read the table.
 */
export async function reportIn(db: Executor, reporterId: string, input: ReportInput): Promise<Report> {
  return inTransaction(db, async (tx) => {
    const author = await reportTargetAuthor(tx, reporterId, input.targetType, input.targetId);
    if (!author) throw notFound(REPORT_NOT_FOUND[input.targetType]);
    if (author === reporterId) throw forbidden(CANNOT_REPORT_OWN);
    const report = await insertReport(tx, reporterId, input);
    if (!report) throw conflict(ALREADY_REPORTED);
    return report;
  });
}
