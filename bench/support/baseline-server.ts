// The visitor pages' baseline: a bare node:http server answering each request with the bytes and headers the
// app sent a browser for it (compressed as the browser asked), from memory. Run as its own process (like the
// app) with a JSON file of responses keyed by "METHOD /path".
import { readFileSync } from "node:fs";
import http from "node:http";

interface Canned {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

const responses = JSON.parse(readFileSync(process.argv[2], "utf8")) as Record<string, Canned>;
const answers = new Map(
  Object.entries(responses).map(([key, r]) => {
    const body = Buffer.from(r.body, "base64");
    return [key, { status: r.status, headers: { ...r.headers, "Content-Length": String(body.length) }, body }];
  }),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url}`);
  // Read the request body first, as the app must.
  req.resume();
  req.on("end", () => {
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address() as { port: number };
  console.log(`listening ${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
