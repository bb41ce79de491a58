import "server-only";

import type { WebSocket } from "ws";

import { getEventBus } from "~/infra/event-bus.server";
import { EVENTS_CHANNEL, parseEvent, parseSessionEnd, SESSION_ENDS_CHANNEL, type LiveEvent, type SessionEnd } from "~/infra/events.server";
import { log } from "~/infra/logger.server";
import { observeLiveEventLag } from "~/infra/metrics.server";

/** Heartbeat: every socket is pinged this often and dropped if it missed the last pong. */
export const HEARTBEAT_MS = 30_000;
/** A socket whose unsent data exceeds this is too slow: it is closed rather than buffered without end. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * The sockets one user may hold on one instance (decision 0064): a tab each, with room to spare. Beyond it an
 * upgrade is refused; every socket costs memory and a share of every delivery, and nothing else bounded them.
 */
export const MAX_SOCKETS_PER_USER = 8;
/** The close code a socket gets when its session ends (sign-out): the 4000s are the application's own. */
export const SESSION_ENDED_CLOSE_CODE = 4001;

interface Client {
  socket: WebSocket;
  alive: boolean;
  /** The tag of the session that opened it (events.server.ts sessionTag). */
  session: string;
}

/** Open live-channel sockets by user; a user may hold several (tabs). */
const clientsByUser = new Map<string, Set<Client>>();
let heartbeat: NodeJS.Timeout | undefined;
let stopListening: (() => Promise<void>) | undefined;

/** Whether the user may open one more socket on this instance. */
export function hasRoomForSocket(userId: string): boolean {
  return (clientsByUser.get(userId)?.size ?? 0) < MAX_SOCKETS_PER_USER;
}

/**
 * Keeps a socket opened by `session` of `userId` until it closes or its session ends. Upgrades are decided
 * asynchronously, so one that found room may find none here: it is closed at once.
 */
export function registerSocket(userId: string, session: string, socket: WebSocket): void {
  if (!hasRoomForSocket(userId)) {
    socket.close(1008, "Too many live connections");
    return;
  }
  let clients = clientsByUser.get(userId);
  if (!clients) {
    clients = new Set();
    clientsByUser.set(userId, clients);
  }
  const client: Client = { socket, alive: true, session };
  clients.add(client);
  socket.on("pong", () => {
    client.alive = true;
  });
  socket.on("close", () => {
    clients.delete(client);
    if (clients.size === 0 && clientsByUser.get(userId) === clients) clientsByUser.delete(userId);
  });
  // Incoming messages carry nothing the server acts on; errors are only logged.
  socket.on("error", (error) => log().warn({ userId, err: error }, "live socket error"));
  startHeartbeat();
}

function startHeartbeat() {
  if (heartbeat) return;
  heartbeat = setInterval(() => {
    for (const clients of clientsByUser.values()) {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
}

/** Sends an event to this instance's sockets of its recipients. */
export function deliver(event: LiveEvent): number {
  const message = JSON.stringify({ type: event.type, data: event.data });
  let sent = 0;
  for (const userId of event.userIds) {
    for (const client of clientsByUser.get(userId) ?? []) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.socket.close(1013, "Too slow");
        continue;
      }
      client.socket.send(message);
      sent++;
    }
  }
  return sent;
}

/** Closes this instance's sockets of a session that ended: what it was signed in to see, it no longer may. */
export function closeSessionSockets(end: SessionEnd): number {
  let closed = 0;
  for (const client of clientsByUser.get(end.userId) ?? []) {
    if (client.session !== end.session) continue;
    client.socket.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
    closed++;
  }
  return closed;
}

/** Listens for events and session ends published by any instance of the app (the event bus). */
export async function startEventFanout(): Promise<void> {
  if (stopListening) return;
  const bus = getEventBus();
  const stopEvents = await bus.listen(EVENTS_CHANNEL, (payload) => {
    const event = parseEvent(payload);
    if (event && typeof event.sentAt === "number") observeLiveEventLag((Date.now() - event.sentAt) / 1000);
    if (event) deliver(event);
    else log().warn("live event ignored: malformed payload");
  });
  const stopSessionEnds = await bus.listen(SESSION_ENDS_CHANNEL, (payload) => {
    const end = parseSessionEnd(payload);
    if (end) closeSessionSockets(end);
    else log().warn("session end ignored: malformed payload");
  });
  stopListening = async () => {
    await Promise.all([stopEvents(), stopSessionEnds()]);
  };
}

export async function stopEventFanout(): Promise<void> {
  const stop = stopListening;
  stopListening = undefined;
  if (stop) await stop().catch(() => {});
}

export function connectedSocketCount(): number {
  let total = 0;
  for (const clients of clientsByUser.values()) total += clients.size;
  return total;
}

/** Closes every socket with "going away" so clients reconnect elsewhere. */
export function closeAllSockets(): void {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = undefined;
  for (const clients of clientsByUser.values()) {
    for (const client of clients) client.socket.close(1001, "Server shutting down");
  }
}
