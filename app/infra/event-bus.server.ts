import "server-only";

// How live events travel between instances (decision 0079): PostgreSQL's LISTEN/NOTIFY by default, or Redis
// pub/sub when EVENTS_URL names a Redis server. Either way an event is published after the write it follows has
// committed (infra/events.server.ts decides when), and every instance listening on the channel receives it.
import { Redis } from "ioredis";

import { runStatement } from "~/infra/built-once.server";
import { getConfig } from "~/infra/config.server";
import { getDatabaseHandle, type Executor } from "~/infra/db.server";
import { log } from "~/infra/logger.server";

export interface EventBus {
  readonly transport: "postgres" | "redis";
  /** Sends the payloads on `channel` to every instance listening; `db` is the executor the write used (PostgreSQL). */
  publish(db: Executor, channel: string, payloads: string[]): Promise<void>;
  /** Calls `onPayload` with each payload published on `channel` by any instance; the function stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * PostgreSQL: one statement NOTIFYing every payload, its commit not waiting for the WAL flush — what it carries is a
 * hint to reload, while the lock a NOTIFY holds until commit is shared by every notifying transaction (decision 0058).
 */
const postgresBus: EventBus = {
  transport: "postgres",
  async publish(db, channel, payloads) {
    await runStatement(
      db,
      notifyingStatement(payloads.length),
      payloads.flatMap((payload) => [channel, payload]),
    );
  },
  async listen(channel, onPayload) {
    return (await getDatabaseHandle()).listen(channel, onPayload);
  },
  async close() {},
};

const notifyingStatements: string[] = [];

/** The statement NOTIFYing `count` payloads: `pg_notify($1, $2)`, `pg_notify($3, $4)` … (a text per count). */
function notifyingStatement(count: number): string {
  let text = notifyingStatements[count];
  if (text === undefined) {
    const notifications = Array.from({ length: count }, (_, i) => `, pg_notify($${2 * i + 1}, $${2 * i + 2})`);
    text = `select set_config('synchronous_commit', 'off', true)${notifications.join("")}`;
    if (count <= 16) notifyingStatements[count] = text;
  }
  return text;
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (ioredis reconnects both and subscribes again). Channels
 * carry the database's name, so apps on different databases can share one Redis. A publish fails fast while Redis
 * is away (the hint is lost, as a failed NOTIFY is: the next reload recovers it) rather than queueing.
 */
function redisBus(url: string, namespace: string): EventBus {
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  for (const [role, connection] of [
    ["publisher", publisher],
    ["subscriber", subscriber],
  ] as const)
    connection.on("error", (error: Error) => log().warn({ err: error, role }, "live events: Redis connection error"));
  const listeners = new Map<string, Set<(payload: string) => void>>();
  subscriber.on("message", (channel: string, payload: string) => {
    for (const onPayload of listeners.get(channel) ?? []) onPayload(payload);
  });
  const named = (channel: string) => `${namespace}:${channel}`;
  return {
    transport: "redis",
    async publish(_db, channel, payloads) {
      if (payloads.length === 1) await publisher.publish(named(channel), payloads[0]!);
      else await payloads.reduce((pipeline, payload) => pipeline.publish(named(channel), payload), publisher.pipeline()).exec();
    },
    async listen(channel, onPayload) {
      const key = named(channel);
      const set = listeners.get(key) ?? listeners.set(key, new Set()).get(key)!;
      set.add(onPayload);
      // Subscribed once Redis answers; while it is away, ioredis subscribes when it connects, and /readyz says so.
      if (set.size === 1) await Promise.race([subscriber.subscribe(key), delay(SUBSCRIBE_WAIT_MS)]).catch(() => {});
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && subscriber.status === "ready") await subscriber.unsubscribe(key);
      };
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** How long starting up waits for Redis to confirm a subscription before going on without it (not ready yet). */
const SUBSCRIBE_WAIT_MS = 5_000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The namespace of this app's channels on a shared Redis: its database. */
function namespaceOf(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `nearhand:pglite:${dataDir}`;
  const url = new URL(databaseUrl);
  return `nearhand:${url.host}${url.pathname}`;
}

let bus: EventBus | undefined;

export function getEventBus(): EventBus {
  if (bus) return bus;
  const { eventsUrl, databaseUrl, dataDir } = getConfig();
  bus = eventsUrl ? redisBus(eventsUrl, namespaceOf(databaseUrl, dataDir)) : postgresBus;
  return bus;
}

export async function closeEventBus(): Promise<void> {
  const closing = bus;
  bus = undefined;
  await closing?.close();
}
