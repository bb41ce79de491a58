import "server-only";

// Which kinds of alert a user wants on which channel (decisions 0050, 0077): the one place that answers
// "does this recipient want kind K". Email is chosen once per account (no row: the defaults); push per device, on
// the device's own row, so a phone can ring for urgent jobs while the laptop stays quiet.
import { and, eq } from "drizzle-orm";

import { emailPreferences, pushSubscriptions, type PushSubscription } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";

/** The kinds a user turns on and off by email (the columns of email_preferences). */
export const EMAIL_KINDS = ["urgentJobs", "jobDigest", "bookings", "messages", "reviews"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type EmailChoices = Record<EmailKind, boolean>;

/** The kinds a device turns on and off for push (columns of push_subscriptions): the digest is an email's format. */
export const PUSH_KINDS = ["urgentJobs", "bookings", "messages", "reviews"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type PushChoices = Record<PushKind, boolean>;

/** Where an alert goes: the user's email, or one device of theirs (a push subscription). */
export type Recipient = { channel: "email" } | { channel: "push"; subscriptionId: string };

export const DEFAULT_EMAIL_CHOICES: EmailChoices = { urgentJobs: true, jobDigest: false, bookings: true, messages: true, reviews: true };
/** A new device's choices. A review is no news that cannot wait for the next visit or the email (decision 0077). */
export const DEFAULT_PUSH_CHOICES: PushChoices = { urgentJobs: true, bookings: true, messages: true, reviews: false };

export function isPushKind(kind: EmailKind): kind is PushKind {
  return (PUSH_KINDS as readonly string[]).includes(kind);
}

export async function getEmailChoices(db: Executor, userId: string): Promise<EmailChoices> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  return row ? pickChoices(EMAIL_KINDS, row) : { ...DEFAULT_EMAIL_CHOICES };
}

export async function setEmailChoices(db: Executor, userId: string, changes: Partial<EmailChoices>): Promise<EmailChoices> {
  const [row] = await db
    .insert(emailPreferences)
    .values({ ...DEFAULT_EMAIL_CHOICES, ...changes, userId })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return pickChoices(EMAIL_KINDS, row);
}

/** The kinds one device of the user's is told of; null when the device is not the user's (moved, or removed). */
export async function getDeviceChoices(db: Executor, userId: string, subscriptionId: string): Promise<PushChoices | null> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.userId, userId)));
  return row ? pickChoices(PUSH_KINDS, row) : null;
}

/** Changes the kinds one device of the user's is told of: the device as it is now, null when it is not the user's. */
export async function setDeviceChoices(
  db: Executor,
  userId: string,
  subscriptionId: string,
  changes: Partial<PushChoices>,
): Promise<PushSubscription | null> {
  const set = pickGiven(changes);
  const [row] = await db
    .update(pushSubscriptions)
    .set(Object.keys(set).length > 0 ? set : { id: subscriptionId })
    .where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.userId, userId)))
    .returning();
  return row ?? null;
}

/** Whether the recipient wants alerts of `kind` (a kind push does not carry, or a device no longer the user's: no). */
export async function wantsAlert(db: Executor, userId: string, kind: EmailKind, recipient: Recipient): Promise<boolean> {
  if (recipient.channel === "email") return (await getEmailChoices(db, userId))[kind];
  if (!isPushKind(kind)) return false;
  return (await getDeviceChoices(db, userId, recipient.subscriptionId))?.[kind] ?? false;
}

/** A device's kinds as a row carries them. */
export function deviceChoices(row: Pick<PushSubscription, PushKind>): PushChoices {
  return pickChoices(PUSH_KINDS, row);
}

function pickChoices<K extends string>(kinds: readonly K[], row: Record<K, boolean>): Record<K, boolean> {
  return Object.fromEntries(kinds.map((kind) => [kind, row[kind]])) as Record<K, boolean>;
}

function pickGiven(changes: Partial<PushChoices>): Partial<PushChoices> {
  return Object.fromEntries(PUSH_KINDS.filter((kind) => changes[kind] !== undefined).map((kind) => [kind, changes[kind]]));
}
