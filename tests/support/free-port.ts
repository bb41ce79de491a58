import { readFileSync } from "node:fs";
import { createServer } from "node:net";

// Ports are drawn below the kernel's ephemeral range: a port the OS picks from that range is released before the
// server that is to take it starts, and any outgoing connection in between (a fetch, a database client) may be given
// it, so the server fails with EADDRINUSE. Below the range only another listener can take it.
const FIRST = 20_000;
const ATTEMPTS = 50;

/** A TCP port on 127.0.0.1 that nothing listens on, outside the range the OS gives outgoing connections. */
export async function freePort(): Promise<number> {
  const end = Math.min(ephemeralRangeStart(), 32_768);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = FIRST + Math.floor(Math.random() * (end - FIRST));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between ${FIRST} and ${end} in ${ATTEMPTS} attempts`);
}

function ephemeralRangeStart(): number {
  try {
    const [start] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    const port = Number(start);
    return port > FIRST + 1_000 ? port : 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
