import "server-only";

// Which kinds of alert a user wants on which channel (decisions 0050, 0077): the one place that answers
// "does this user want kind K on channel C". No row of a channel's table means that channel's defaults.
import { eq } from "drizzle-orm";

import { emailPreferences, pushPreferences, type EmailPreferences, type PushPreferences } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";

/** The kinds a user turns on and off by email (the columns of email_preferences). */
export const EMAIL_KINDS = ["urgentJobs", "jobDigest", "bookings", "messages", "reviews"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type EmailChoices = Record<EmailKind, boolean>;

/** The kinds a user turns on and off for push (the columns of push_preferences): the digest is an email's format. */
export const PUSH_KINDS = ["urgentJobs", "bookings", "messages", "reviews"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type PushChoices = Record<PushKind, boolean>;

export type AlertChannel = "email" | "push";

export const DEFAULT_EMAIL_CHOICES: EmailChoices = { urgentJobs: true, jobDigest: false, bookings: true, messages: true, reviews: true };
/** A review is no news that cannot wait for the next visit or the email: off until chosen (decision 0077). */
export const DEFAULT_PUSH_CHOICES: PushChoices = { urgentJobs: true, bookings: true, messages: true, reviews: false };

export function isPushKind(kind: EmailKind): kind is PushKind {
  return (PUSH_KINDS as readonly string[]).includes(kind);
}

export async function getEmailChoices(db: Executor, userId: string): Promise<EmailChoices> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  return row ? pickEmail(row) : { ...DEFAULT_EMAIL_CHOICES };
}

export async function setEmailChoices(db: Executor, userId: string, changes: Partial<EmailChoices>): Promise<EmailChoices> {
  const [row] = await db
    .insert(emailPreferences)
    .values({ ...DEFAULT_EMAIL_CHOICES, ...changes, userId })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return pickEmail(row);
}

export async function getPushChoices(db: Executor, userId: string): Promise<PushChoices> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  return row ? pickPush(row) : { ...DEFAULT_PUSH_CHOICES };
}

export async function setPushChoices(db: Executor, userId: string, changes: Partial<PushChoices>): Promise<PushChoices> {
  const [row] = await db
    .insert(pushPreferences)
    .values({ ...DEFAULT_PUSH_CHOICES, ...changes, userId })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return pickPush(row);
}

/** Whether the user wants alerts of `kind` on `channel` (a kind a channel does not carry: no). */
export async function wantsAlert(db: Executor, userId: string, kind: EmailKind, channel: AlertChannel): Promise<boolean> {
  if (channel === "email") return (await getEmailChoices(db, userId))[kind];
  return isPushKind(kind) && (await getPushChoices(db, userId))[kind];
}

function pickEmail(row: EmailPreferences): EmailChoices {
  return Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, row[kind]])) as EmailChoices;
}

function pickPush(row: PushPreferences): PushChoices {
  return Object.fromEntries(PUSH_KINDS.map((kind) => [kind, row[kind]])) as PushChoices;
}
