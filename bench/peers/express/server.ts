// Peer: Express 5 + postgres.js serving the app's JSON API targets with the same queries, the same session
// lookup, compression and one log line per request. Started by the bench with PORT, DATABASE_URL, SESSION_SECRET.
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { sessionUser, type SessionUser } from "../shared/session.ts";
import { availableJobs, conversations, HttpError, sendMessage } from "../shared/queries.ts";

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use((req, res, next) => {
  const started = performance.now();
  res.on("finish", () => {
    const line = { level: 30, time: Date.now(), method: req.method, url: req.url, status: res.statusCode, ms: performance.now() - started };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  });
  next();
});
app.use(express.json({ limit: "100kb" }));

type Handler = (user: SessionUser, req: Request) => Promise<unknown>;
const signedIn = (handler: Handler, status = 200) => async (req: Request, res: Response, next: NextFunction) => {
  try {
    const user = await sessionUser(req.headers.cookie);
    if (!user) return void res.status(401).json({ message: "Not signed in" });
    res.status(status).json(await handler(user, req));
  } catch (error) {
    if (error instanceof HttpError) return void res.status(error.status).json({ message: error.message });
    next(error);
  }
};

app.get("/api/jobs/available", signedIn((user) => availableJobs(user)));
app.get("/api/messages/conversations", signedIn((user) => conversations(user)));
app.post("/api/messages", signedIn((user, req) => sendMessage(user, req.body), 201));

const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : ""}`);
});

// A clean exit on the bench's SIGTERM, as the app's, so a profile taken with --cpu-prof is written.
process.on("SIGTERM", () => process.exit(0));
