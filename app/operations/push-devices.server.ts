import "server-only";

// The devices a user turned push on for (decision 0077): subscribing one, listing and removing them, and the key
// browsers subscribe with.
import { createHash } from "node:crypto";
import { z } from "zod";

import { getConfig } from "~/infra/config.server";
import { getDb } from "~/infra/db.server";
import { vapidKeys } from "~/infra/push.server";
import { spendRateLimit, userKey } from "~/infra/rate-limit.server";
import { notFound } from "~/lib/errors";
import { deviceName } from "~/lib/user-agent";
import { deviceChoices, PUSH_KINDS, setDeviceChoices, type PushChoices, type PushKind } from "~/models/alert-choices.server";
import {
  listSubscriptions,
  removeSubscription,
  removeSubscriptionByEndpoint,
  saveSubscription,
  type PushSubscription,
} from "~/models/push-subscription.server";
import type { User } from "~/models/user.server";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A push service's address: https, or outside production a local test push service on loopback. */
const pushEndpoint = z
  .url({ error: "endpoint must be the push service's URL" })
  .max(2000, "endpoint is too long")
  .pipe(
    z.string().refine((value) => {
      const url = new URL(value);
      if (url.protocol === "https:") return true;
      return !getConfig().production && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
    }, "endpoint must be an https URL"),
  );

/** A key of the subscription as browsers give it: base64url, padded or not. */
const base64url = (name: string, bytes: number) => {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: `keys.${name} is required` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), `keys.${name} must be the browser's ${bytes}-byte key in base64url`)
    .transform((value) => value.replace(/=+$/, ""));
};

/** POST /api/push-subscriptions' body: the browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionInput = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url("p256dh", 65), auth: base64url("auth", 16) }, { error: "keys (p256dh and auth) are required" }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/**
 * POST /profile/push: `subscribe` (the island, with the browser's subscription as JSON), `unsubscribe` (the island
 * turning this browser off, by its endpoint) or `remove` (a device's Remove button, by id; no script needed).
 */
export const pushDeviceForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("subscribe"),
      subscription: z
        .string()
        .max(4000)
        .transform((text, ctx) => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            ctx.addIssue({ code: "custom", message: "subscription must be the browser's subscription as JSON" });
            return z.NEVER;
          }
        })
        .pipe(z.lazy(() => pushSubscriptionInput)),
    }),
    z.object({ intent: z.literal("unsubscribe"), endpoint: z.string().min(1).max(2000) }),
    z.object({ intent: z.literal("remove"), id: z.string().max(100) }),
  ],
  { error: "intent must be subscribe, unsubscribe or remove" },
);

/** Where a subscription is being made: the session (its end removes the device) and the browser's own words. */
export interface SubscribingSession {
  sessionId: string;
  userAgent: string | null;
}

/** A device as its owner sees it. */
export interface PushDevice {
  id: string;
  /** The browser and system, in words ("Chrome on Android"). */
  name: string;
  userAgent: string | null;
  createdAt: Date;
  lastSuccessAt: Date | null;
  /** The kinds this device is told of. */
  alerts: PushChoices;
  /** Whether it is the browser asking (made in the caller's session). */
  current: boolean;
}

function device(row: PushSubscription, sessionId: string | null): PushDevice {
  return {
    id: row.id,
    name: deviceName(row.userAgent),
    userAgent: row.userAgent,
    createdAt: row.createdAt,
    lastSuccessAt: row.lastSuccessAt,
    alerts: deviceChoices(row),
    current: row.sessionId === sessionId,
  };
}

/** PATCH /api/push-subscriptions/{id}'s body: the kinds to change on that device (a kind left out stays). */
export const deviceAlertsInput = z
  .strictObject(
    Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean({ error: `${kind} must be true or false` }).optional()])) as Record<
      PushKind,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .refine((body) => PUSH_KINDS.some((kind) => body[kind] !== undefined), `give at least one of ${PUSH_KINDS.join(", ")}`);

/** The public VAPID key browsers subscribe with (`applicationServerKey`). */
export async function publicPushKey(): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys()).publicKey };
}

/** Turns push on for the caller's device; the same endpoint again is the same device (moved to the caller if need be). */
export async function subscribeDevice(actor: Pick<User, "id">, session: SubscribingSession, input: PushSubscriptionInput): Promise<PushDevice> {
  await spendRateLimit("pushDevices", userKey(actor.id));
  const row = await saveSubscription(await getDb(), {
    userId: actor.id,
    sessionId: session.sessionId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: session.userAgent?.slice(0, 500) || null,
  });
  return device(row, session.sessionId);
}

/** The caller's devices, newest first; `sessionId` marks the asking browser's. */
export async function myDevices(actor: Pick<User, "id">, sessionId: string | null): Promise<PushDevice[]> {
  return (await listSubscriptions(await getDb(), actor.id)).map((row) => device(row, sessionId));
}

/** Changes which kinds one of the caller's devices is told of; another's (or none) is 404. */
export async function setDeviceAlerts(
  actor: Pick<User, "id">,
  id: string,
  input: z.infer<typeof deviceAlertsInput>,
  sessionId: string | null,
): Promise<PushDevice> {
  const row = z.uuid().safeParse(id).success ? await setDeviceChoices(await getDb(), actor.id, id, input) : null;
  if (!row) throw notFound("Device not found");
  return device(row, sessionId);
}

/** Turns push off for the browser asking (by its endpoint); nothing stored is no error. */
export async function unsubscribeDevice(actor: Pick<User, "id">, endpoint: string): Promise<void> {
  await removeSubscriptionByEndpoint(await getDb(), actor.id, endpoint);
}

/** SHA-256 of each of the caller's endpoints: the profile's island finds out whether this browser is among them without the endpoints leaving the server. */
export async function myEndpointDigests(actor: Pick<User, "id">): Promise<string[]> {
  return (await listSubscriptions(await getDb(), actor.id)).map((row) => createHash("sha256").update(row.endpoint).digest("hex"));
}

/** Removes one of the caller's devices; another's (or none) is 404. Removing spends no limit (like unsaving a favorite). */
export async function removeDevice(actor: Pick<User, "id">, id: string): Promise<{ removed: true }> {
  if (!z.uuid().safeParse(id).success || !(await removeSubscription(await getDb(), actor.id, id))) throw notFound("Device not found");
  return { removed: true };
}
