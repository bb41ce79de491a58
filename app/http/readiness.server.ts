import "server-only";

// Readiness (/readyz): this instance can serve, which needs the database and the event bus's listening side (live
// events from every instance arrive through it: LISTEN, or a Redis subscription). It is checked end to end: a probe
// published on a channel of its own must come back through the listening connection, which postgres.js and ioredis
// re-establish after losing it.
import { randomUUID } from "node:crypto";

import type { DatabaseHandle } from "#db/client.ts";
import { getDatabaseHandle } from "~/infra/db.server";
import { getEventBus } from "~/infra/event-bus.server";

const PROBE_CHANNEL = "nearhand_readiness";
/** A NOTIFY normally comes back within milliseconds; one not back in this long means LISTEN is down. */
const PROBE_TIMEOUT_MS = 2000;

const LISTENING = { postgres: "LISTEN connection", redis: "Redis subscription" } as const;

const waiting = new Map<string, () => void>();
let stopListening: (() => Promise<void>) | undefined;

export async function startReadinessProbe(): Promise<void> {
  if (stopListening) return;
  stopListening = await getEventBus().listen(PROBE_CHANNEL, (nonce) => waiting.get(nonce)?.());
}

export async function stopReadinessProbe(): Promise<void> {
  const stop = stopListening;
  stopListening = undefined;
  await stop?.().catch(() => {});
}

export type Readiness = { ready: true } | { ready: false; reason: string };

export async function checkReadiness(): Promise<Readiness> {
  let handle: DatabaseHandle;
  try {
    handle = await getDatabaseHandle();
    await handle.ping();
  } catch {
    return { ready: false, reason: "database unavailable" };
  }
  if (!stopListening) return { ready: false, reason: "not listening for live events" };
  const nonce = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  const heard = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    waiting.set(nonce, () => resolve(true));
  });
  try {
    await getEventBus().publish(handle.db, PROBE_CHANNEL, [nonce]);
    return (await heard) ? { ready: true } : { ready: false, reason: `live events not arriving (${LISTENING[getEventBus().transport]} down)` };
  } catch {
    return { ready: false, reason: getEventBus().transport === "redis" ? "event bus (Redis) unavailable" : "database unavailable" };
  } finally {
    clearTimeout(timer);
    waiting.delete(nonce);
  }
}
