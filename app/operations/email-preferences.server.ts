import "server-only";

import { z } from "zod";

import { getDb } from "~/infra/db.server";
import { inTransaction } from "~/infra/events.server";
import { validUnsubscribe } from "~/infra/unsubscribe-token.server";
import {
  deviceChoices,
  EMAIL_KINDS,
  getEmailChoices,
  isPushKind,
  PUSH_KINDS,
  setDeviceChoices,
  setEmailChoices,
  type EmailChoices,
  type EmailKind,
  type PushChoices,
  type PushKind,
} from "~/models/alert-choices.server";
import { sessionSubscriptions } from "~/models/push-subscription.server";
import type { User } from "~/models/user.server";

/** The profile's email form: a checkbox per kind, present when on (an unchecked box sends nothing). */
export const emailChoicesForm = z.object(
  Object.fromEntries(
    EMAIL_KINDS.map((kind) => [
      kind,
      z
        .literal("on")
        .optional()
        .transform((v) => v === "on"),
    ]),
  ) as Record<EmailKind, z.ZodPipe<z.ZodOptional<z.ZodLiteral<"on">>, z.ZodTransform<boolean, "on" | undefined>>>,
);

const checkbox = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");

/**
 * The profile's alerts form: the email checkboxes, and this device's push ones (`push_<kind>`) when the form carries
 * them (`push_choices` is sent by a form that shows them, so a form without the push column changes no push choice).
 */
export const alertChoicesForm = emailChoicesForm.extend({
  ...(Object.fromEntries(PUSH_KINDS.map((kind) => [`push_${kind}`, checkbox])) as Record<`push_${PushKind}`, typeof checkbox>),
  push_choices: z.literal("1").optional(),
});

/** An unsubscribe link's query: who, which kind, and the signature of both. */
export const unsubscribeQuery = z.object({
  user: z.uuid(),
  kind: z.enum(EMAIL_KINDS),
  sig: z.string().min(1).max(100),
});

/** What the profile's form offers, in its order. */
const OFFERED: { kind: EmailKind; label: string; hint: string }[] = [
  { kind: "urgentJobs", label: "Urgent jobs near you", hint: "At once, while you are online as a provider." },
  {
    kind: "jobDigest",
    label: "Other new jobs near you",
    hint: "One email listing them, at most every 30 minutes, while you are online as a provider.",
  },
  { kind: "bookings", label: "Booking updates", hint: "Accepted, started, completed or cancelled." },
  {
    kind: "messages",
    label: "New messages",
    hint: "When a message waits unread for 5 minutes; at most one email per conversation every 30 minutes.",
  },
  { kind: "reviews", label: "New reviews", hint: "When someone reviews you." },
];

export interface AlertChoiceRow {
  kind: EmailKind;
  label: string;
  hint: string;
  /** On by email. */
  on: boolean;
  /** On by push to this device; null for a kind push does not carry, or when this device has push off. */
  push: boolean | null;
}

/** The profile's alerts: each kind by email, and by push to this device when it has push on. */
export interface AlertChoices {
  rows: AlertChoiceRow[];
  /** Whether this device has push on (the form then has its column). */
  thisDevice: boolean;
}

export function emailAlertChoices(choices: EmailChoices, push?: PushChoices): AlertChoiceRow[] {
  return OFFERED.map((offer) => ({ ...offer, on: choices[offer.kind], push: push && isPushKind(offer.kind) ? push[offer.kind] : null }));
}

export async function myEmailChoices(actor: Pick<User, "id">): Promise<EmailChoices> {
  return getEmailChoices(await getDb(), actor.id);
}

/** The caller's choices by email and on this device (the session's browser), as the profile's form shows them. */
export async function myAlertChoices(actor: Pick<User, "id">, sessionId: string): Promise<AlertChoices> {
  const db = await getDb();
  const [device] = await sessionSubscriptions(db, actor.id, sessionId);
  return { rows: emailAlertChoices(await getEmailChoices(db, actor.id), device && deviceChoices(device)), thisDevice: Boolean(device) };
}

export async function saveEmailChoices(actor: Pick<User, "id">, input: z.infer<typeof emailChoicesForm>): Promise<EmailChoices> {
  return setEmailChoices(await getDb(), actor.id, input);
}

/**
 * Saves the profile's alerts form: the email choices, and this device's push ones when the form had the push column
 * (a device turned off since the page was shown keeps nothing).
 */
export async function saveAlertChoices(actor: Pick<User, "id">, sessionId: string, input: z.infer<typeof alertChoicesForm>): Promise<void> {
  const db = await getDb();
  const email = Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, input[kind]])) as EmailChoices;
  await inTransaction(db, async (tx) => {
    await setEmailChoices(tx, actor.id, email);
    if (!input.push_choices) return;
    const push = Object.fromEntries(PUSH_KINDS.map((kind) => [kind, input[`push_${kind}`]])) as PushChoices;
    for (const device of await sessionSubscriptions(tx, actor.id, sessionId)) await setDeviceChoices(tx, actor.id, device.id, push);
  });
}

/** The kind a valid unsubscribe link names, or null for a link that is malformed or not signed by us. */
export function unsubscribeLink(query: unknown): { user: string; kind: EmailKind } | null {
  const parsed = unsubscribeQuery.safeParse(query);
  if (!parsed.success || !validUnsubscribe(parsed.data.user, parsed.data.kind, parsed.data.sig)) return null;
  return { user: parsed.data.user, kind: parsed.data.kind };
}

/** Whether the kind a link names is on for its user. */
export async function choiceOf(link: { user: string; kind: EmailKind }): Promise<boolean> {
  return (await getEmailChoices(await getDb(), link.user))[link.kind];
}

/** Turns off the one kind the link names (no session needed: the signature is the permission). */
export async function unsubscribe(link: { user: string; kind: EmailKind }): Promise<void> {
  await setEmailChoices(await getDb(), link.user, { [link.kind]: false });
}
