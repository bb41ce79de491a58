// The load balancer in front of several app instances: a TCP proxy that hands
// each new connection to the next instance in turn, skipping instances that
// refuse it. It records where each connection went and its first request line,
// so a test can tell which instance holds a live socket.
import net from "node:net";

export interface ProxiedConnection {
  backendPort: number;
  /** The first line the client sent, e.g. "GET /ws?userId=… HTTP/1.1". */
  requestLine: string;
  open: boolean;
}

export interface RoundRobinProxy {
  port: number;
  /** http://localhost:<port>: "localhost", as the app's cookies are set for that host. */
  url: string;
  connections: ProxiedConnection[];
  close(): Promise<void>;
}

/**
 * A plain TCP balancer taking turns over `backendPorts` (read at each connection, so a caller may add one later),
 * listening on `port` (default: one the OS picks).
 */
export async function startRoundRobinProxy(backendPorts: number[], port = 0): Promise<RoundRobinProxy> {
  const connections: ProxiedConnection[] = [];
  const sockets = new Set<net.Socket>();
  let turn = 0;

  const server = net.createServer((client) => {
    client.pause();
    sockets.add(client);
    client.once("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());

    const tryBackend = (attempts: number) => {
      if (attempts === backendPorts.length || client.destroyed) return client.destroy();
      const backendPort = backendPorts[turn++ % backendPorts.length];
      const backend = net.connect(backendPort, "127.0.0.1");
      backend.once("error", () => tryBackend(attempts + 1));
      backend.once("connect", () => {
        const connection: ProxiedConnection = { backendPort, requestLine: "", open: true };
        connections.push(connection);
        sockets.add(backend);
        backend.removeAllListeners("error");
        const end = () => {
          connection.open = false;
          client.destroy();
          backend.destroy();
          sockets.delete(backend);
        };
        backend.on("error", end).once("close", end);
        client.on("error", end).once("close", end);
        client.once("data", (chunk: Buffer) => (connection.requestLine = chunk.toString("latin1").split("\r\n")[0]));
        client.pipe(backend);
        backend.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });

  await new Promise<void>((resolve) => server.listen(port, resolve));
  const listening = (server.address() as net.AddressInfo).port;
  return {
    port: listening,
    url: `http://localhost:${listening}`,
    connections,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
