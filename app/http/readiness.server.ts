import "server-only";

// Readiness (/readyz): this instance can serve, which needs the database and its LISTEN connection (live events
// from every instance arrive through it). The LISTEN side is checked end to end: a NOTIFY on a channel of its
// own must come back through the listening connection, which postgres.js re-establishes after losing it.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";

import type { DatabaseHandle } from "#db/client.ts";
import { getDatabaseHandle } from "~/infra/db.server";

const PROBE_CHANNEL = "nearhand_readiness";
/** A NOTIFY normally comes back within milliseconds; one not back in this long means LISTEN is down. */
const PROBE_TIMEOUT_MS = 2000;

const waiting = new Map<string, () => void>();
let stopListening: (() => Promise<void>) | undefined;

export async function startReadinessProbe(handle: DatabaseHandle): Promise<void> {
  if (stopListening) return;
  stopListening = await handle.listen(PROBE_CHANNEL, (nonce) => waiting.get(nonce)?.());
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
    await handle.db.execute(sql`select pg_notify(${PROBE_CHANNEL}, ${nonce})`);
    return (await heard) ? { ready: true } : { ready: false, reason: "live events not arriving (LISTEN connection down)" };
  } catch {
    return { ready: false, reason: "database unavailable" };
  } finally {
    clearTimeout(timer);
    waiting.delete(nonce);
  }
}
