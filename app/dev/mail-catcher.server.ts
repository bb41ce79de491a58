import "server-only";

// The embedded SMTP server for development and tests: loopback only, never in production, asks for the
// credentials a real submission server asks for, and keeps what it receives in memory for /dev/mail.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

import type { CaughtMail, MailCatcher } from "~/infra/mail.server";
import { sameSecret } from "~/infra/same-secret.server";

const LOOPBACK = "127.0.0.1";
/** The newest messages kept; older ones are dropped. */
const KEPT_MESSAGES = 500;
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export async function startMailCatcher(): Promise<MailCatcher> {
  if (Reflect.get(process.env, "NODE_ENV") === "production") {
    throw new Error("The embedded mail catcher refuses to run when NODE_ENV=production. Set SMTP_URL.");
  }
  const user = "nearhand-dev";
  const password = randomBytes(24).toString("hex");
  const caught: CaughtMail[] = [];
  let refusing = false;
  let sequence = 0;

  const server = new SMTPServer({
    name: "nearhand-mail-catcher",
    banner: "Nearhand development mail catcher",
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && sameSecret(auth.password ?? "", password)) return callback(null, { user });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusing) return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            const headers: Record<string, string> = {};
            for (const line of parsed.headerLines) headers[line.key] ??= line.line.slice(line.line.indexOf(":") + 1).trim();
            caught.unshift({
              id: String(++sequence),
              receivedAt: new Date(),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              headers,
            });
            caught.length = Math.min(caught.length, KEPT_MESSAGES);
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${password}@${LOOPBACK}:${port}`,
    messages: () => [...caught],
    setRefusing(value) {
      refusing = value;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
