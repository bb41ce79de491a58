import "server-only";
import type { WebSocket } from "ws";

/** Open live-channel sockets by user; a user may hold several (tabs). */
const socketsByUser = new Map<string, Set<WebSocket>>();

export function registerSocket(userId: string, socket: WebSocket): void {
  let sockets = socketsByUser.get(userId);
  if (!sockets) {
    sockets = new Set();
    socketsByUser.set(userId, sockets);
  }
  sockets.add(socket);
  socket.on("close", () => {
    sockets.delete(socket);
    if (sockets.size === 0 && socketsByUser.get(userId) === sockets) socketsByUser.delete(userId);
  });
  // Incoming messages carry nothing the server acts on; bad ones are ignored.
  socket.on("error", (error) => console.warn("live socket error:", error.message));
}

export function connectedSocketCount(): number {
  let total = 0;
  for (const sockets of socketsByUser.values()) total += sockets.size;
  return total;
}

/** Closes every socket with "going away" so clients reconnect elsewhere. */
export function closeAllSockets(): void {
  for (const sockets of socketsByUser.values()) {
    for (const socket of sockets) socket.close(1001, "Server shutting down");
  }
}
