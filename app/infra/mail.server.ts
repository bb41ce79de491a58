import "server-only";

// Outgoing email over SMTP (nodemailer): the server in SMTP_URL, else the embedded catcher shown at /dev/mail.
import { createTransport } from "nodemailer";

import { getConfig } from "~/infra/config.server";
import { log } from "~/infra/logger.server";
import { sharedResource } from "~/lib/shared-resource";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Fixed per alert, so a retried send is recognisably the same message. */
  messageId: string;
  headers?: Record<string, string>;
}

export interface CaughtMail {
  id: string;
  receivedAt: Date;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header names in lower case, values as sent (the first of a repeated header). */
  headers: Record<string, string>;
}

export interface MailCatcher {
  /** smtp://user:password@127.0.0.1:port — what SMTP_URL would hold for a real server. */
  url: string;
  /** What arrived, newest first. */
  messages(): CaughtMail[];
  /** While true, every message is refused with a temporary failure (451), as a server in trouble does. */
  setRefusing(refusing: boolean): void;
  stop(): Promise<void>;
}

let startEmbeddedCatcher: (() => Promise<MailCatcher>) | null = null;

/** The development entry hands in the embedded catcher (app/dev) at start; infrastructure never imports it. */
export function provideMailCatcher(start: () => Promise<MailCatcher>): void {
  startEmbeddedCatcher = start;
}

function startMailCatcher(): Promise<MailCatcher> {
  if (!startEmbeddedCatcher) throw new Error("No SMTP_URL and no embedded mail catcher: start the app through its entry, or set SMTP_URL.");
  return startEmbeddedCatcher();
}

interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  catcher: MailCatcher | null;
  close(): Promise<void>;
}

const mailer = sharedResource(openMailer, (m) => m.close());

async function openMailer(): Promise<Mailer> {
  const config = getConfig();
  const catcher = config.mail.mode === "embedded" ? await startMailCatcher() : null;
  if (catcher) log().debug({ url: catcher.url.replace(/:[^:@/]+@/, ":***@") }, "mail catcher listening (loopback only, shown at /dev/mail)");
  const url = config.mail.mode === "external" ? config.mail.url : catcher!.url;
  const transport = createTransport(url, { from: config.mail.from });
  return {
    catcher,
    async send(mail) {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
      });
    },
    async close() {
      transport.close();
      await catcher?.stop();
    },
  };
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  await (await mailer.get()).send(mail);
}

/** The embedded catcher's messages, newest first; null when mail goes to a real server. */
export async function caughtMail(): Promise<CaughtMail[] | null> {
  if (getConfig().mail.mode !== "embedded") return null;
  return (await mailer.get()).catcher!.messages();
}

/** The embedded catcher itself (tests make it refuse for a while); null with a real server. */
export async function mailCatcher(): Promise<MailCatcher | null> {
  return (await mailer.get()).catcher;
}

export function closeMailer(): Promise<void> {
  return mailer.close();
}
