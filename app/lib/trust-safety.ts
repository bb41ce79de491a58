// The vocabulary of trust and safety (issue 34): what may be reported and why, where a report stands, and what an
// operator may do. Pure: the schema's enums, the forms, the models and the console read it.

/** What a user may report: a job, a user (from their profile), a message or a review. */
export const REPORT_TARGETS = ["job", "user", "message", "review"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ["spam", "scam", "offensive", "unsafe", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The words a reporter picks from. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  scam: "Scam or fraud",
  offensive: "Offensive",
  unsafe: "Unsafe",
  other: "Other",
};

/** A report is open until an operator dismisses it or acts on it. */
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Why a job is hidden: an operator hid it, or its seeker is suspended (reinstating brings those back). */
export const JOB_HIDDEN_FOR = ["operator", "suspension"] as const;
export type JobHiddenFor = (typeof JOB_HIDDEN_FOR)[number];

/** Every action an operator takes, as the audit log names it. */
export const OPERATOR_ACTIONS = [
  "report.dismiss",
  "job.hide",
  "message.hide",
  "review.hide",
  "review.exclude",
  "user.suspend",
  "user.reinstate",
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/**
 * The console's signals (issue 34): the same seeker and provider completing this many bookings together in the
 * window, and a booking completed sooner than this many minutes after it was accepted. db/schema.ts builds the
 * kept pairs' column and the quick completions' partial index from them (migration 0020 spells them as SQL).
 */
export const PAIR_MIN_COMPLETED = 3;
export const QUICK_COMPLETION_MINUTES = 10;

export const REPORT_NOTE_MAX = 1000;
export const OPERATOR_REASON_MAX = 1000;

/** Whether a user is suspended at `now`: since `suspendedAt`, until `suspendedUntil` (null: indefinitely). */
export function isSuspended(user: { suspendedAt: Date | null; suspendedUntil: Date | null }, now = new Date()): boolean {
  return user.suspendedAt !== null && (user.suspendedUntil === null || user.suspendedUntil.getTime() > now.getTime());
}
