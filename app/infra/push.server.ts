import "server-only";

// Outgoing Web Push (RFC 8030, 8291, 8292) with the `web-push` library, which signs the VAPID JWT and encrypts the
// payload (aes128gcm); the request itself goes out through fetch, so a push service's answer (its status and
// Retry-After) is read as it came. The key pair comes from the environment, or outside production from a file in
// DATA_DIR made on first start (decision 0077).
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";

import { getConfig } from "~/infra/config.server";
import { log } from "~/infra/logger.server";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const KEY_FILE = "vapid-keys.json";
const keyFile = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/), privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

let keys: Promise<VapidKeys> | undefined;

/** The VAPID key pair and subject this instance signs with. */
export function vapidKeys(): Promise<VapidKeys> {
  keys ??= loadKeys().catch((error: unknown) => {
    keys = undefined;
    throw error;
  });
  return keys;
}

async function loadKeys(): Promise<VapidKeys> {
  const { push, dataDir } = getConfig();
  if (push.mode === "configured") return { publicKey: push.publicKey, privateKey: push.privateKey, subject: push.subject };
  return { ...(await generatedKeys(dataDir)), subject: push.subject };
}

/** The pair kept in DATA_DIR, made (readable by this user only) when there is none; a second process reads the first's. */
async function generatedKeys(dataDir: string): Promise<z.infer<typeof keyFile>> {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return keyFile.parse(JSON.parse(await readFile(file, "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      throw new Error(`${file} is not a VAPID key pair: remove it to make a new one`, { cause: error });
  }
  const pair = webpush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, JSON.stringify(pair), { mode: 0o600, flag: "wx" });
    log().info({ file }, "generated a VAPID key pair for Web Push (development only)");
    return pair;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return keyFile.parse(JSON.parse(await readFile(file, "utf8")));
  }
}

/** A device's push subscription, as the browser's PushSubscription gives it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushDelivery {
  /** How long the push service keeps the message for a device that is offline (the TTL header). */
  ttlSeconds: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** A message with the same topic replaces a previous one still waiting at the push service. */
  topic?: string;
}

/** What a push service answered: taken, or the subscription is gone (404/410) or refused for good (other 4xx). */
export type PushOutcome = { status: "delivered" } | { status: "gone"; code: number } | { status: "refused"; code: number };

/** A push service that failed for now (429, 5xx, no answer): the job throws it and the queue retries. */
export class PushServiceUnavailable extends Error {
  readonly code: number | null;
  /** When the service asked to be tried again (its Retry-After: seconds or an HTTP date), if it said. */
  readonly retryAt: Date | null;
  constructor(code: number | null, retryAfter: string | null, now = Date.now()) {
    super(`push service unavailable (${code ?? "no answer"}${retryAfter ? `, Retry-After ${retryAfter}` : ""})`);
    this.code = code;
    this.retryAt = retryAfterDate(retryAfter, now);
  }
}

function retryAfterDate(value: string | null, now: number): Date | null {
  if (!value) return null;
  if (/^\d{1,9}$/.test(value.trim())) return new Date(now + Number(value.trim()) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : new Date(Math.max(date, now));
}

const PUSH_TIMEOUT_MS = 10_000;

export async function sendPush(target: PushTarget, payload: string, delivery: PushDelivery): Promise<PushOutcome> {
  const vapid = await vapidKeys();
  const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails: vapid,
    TTL: delivery.ttlSeconds,
    urgency: delivery.urgency,
    topic: delivery.topic,
    contentEncoding: "aes128gcm",
  });
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
  } catch (error) {
    throw Object.assign(new PushServiceUnavailable(null, null), { cause: error });
  }
  await response.body?.cancel();
  if (response.ok) return { status: "delivered" };
  if (response.status === 404 || response.status === 410) return { status: "gone", code: response.status };
  if (response.status === 429 || response.status >= 500) throw new PushServiceUnavailable(response.status, response.headers.get("Retry-After"));
  return { status: "refused", code: response.status };
}

/** A Topic header (at most 32 characters of base64url, RFC 8030) standing for a longer tag. */
export function pushTopic(tag: string): string {
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}
