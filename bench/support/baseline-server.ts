// The throughput baseline: a bare node:http server answering each benchmarked
// request with a body of the same size from memory. Run as its own process
// (like the app) with a JSON file of responses keyed by "METHOD /path".
import { readFileSync } from "node:fs";
import http from "node:http";

interface Canned {
  status: number;
  contentType: string;
  body: string;
}

const responses = JSON.parse(readFileSync(process.argv[2], "utf8")) as Record<string, Canned>;
const bodies = new Map(Object.entries(responses).map(([key, r]) => [key, { ...r, bytes: Buffer.from(r.body) }]));

const server = http.createServer((req, res) => {
  const canned = bodies.get(`${req.method} ${req.url}`);
  // Read the request body first, as the app must.
  req.resume();
  req.on("end", () => {
    if (!canned) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(canned.status, { "Content-Type": canned.contentType, "Content-Length": canned.bytes.length, "Cache-Control": "no-store" });
    res.end(canned.bytes);
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address() as { port: number };
  console.log(`listening ${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
