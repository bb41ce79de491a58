// An instance killed (SIGKILL) while its worker hands an alert to the mail server: the mail server never got the
// whole message, so the job must not be lost with the process. The job's heartbeat stops, another instance's
// supervision fails it, and it is delivered once, by the instance that took over. PostgreSQL in both runs: the
// database has to outlive the killed process and be shared with the next one.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";
import { createPostgresDatabase } from "../support/database.ts";
import { HttpClient, uniqueEmail } from "../support/http-client.ts";

interface Received {
  to: string[];
  subject: string;
  messageId: string;
}

/** An outside SMTP server that keeps what it receives, and can hold the next message's DATA unanswered. */
async function startSmtp() {
  const received: Received[] = [];
  let holdNext = false;
  let held: (() => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      if (holdNext) {
        holdNext = false;
        // Reads the message and never answers: the sender is stuck mid-send until its connection drops.
        stream.resume();
        held = () => callback(new Error("not taken"));
        return;
      }
      void simpleParser(stream).then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: mail.subject ?? "", messageId: mail.messageId ?? "" });
        callback();
      }, callback);
    },
  });
  // The sender is killed mid-send on purpose: its connection may end in a reset, which the server reports as an
  // error event (unheard, an uncaught exception that failed the run).
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    holdNextMessage: () => (holdNext = true),
    isHolding: () => held !== null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("a worker killed mid-send", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("loses nothing: another instance delivers the alert, once", { timeout: 120_000 }, async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      // Real mail needs a secret of its own (its links are signed with it).
      SESSION_SECRET: "email-worker-crash-test-secret",
      MAIL_WORKER_POLL_SECONDS: "0.5",
      MAIL_RETRY_SECONDS: "1",
      MAIL_WORKER_LOST_SECONDS: "10",
    };
    const servers: AppServer[] = [];
    cleanups.push(() => Promise.all(servers.map((server) => server.stop("SIGKILL"))));
    const first = await startAppServer(env);
    servers.push(first);

    const seekerEmail = uniqueEmail("crash-seeker");
    const seeker = new HttpClient(first.url);
    await seeker.signIn(seekerEmail, "Sara", "Seeker");
    const provider = new HttpClient(first.url);
    await provider.signIn(uniqueEmail("crash-provider"), "Pat", "Provider");
    await provider.postJson("/api/users/switch-role", { newRole: "provider", userType: "individual" });
    await provider.postForm("/profile?edit=1", { firstName: "Pat", providerCategories: "repair" });
    await provider.postJson("/api/users/toggle-online", { isOnline: true });
    const job = await (await seeker.postJson("/api/jobs", { title: "Fix a tap", description: "Drips all night", categoryId: "repair" })).json();

    smtp.holdNextMessage();
    expect((await provider.postJson("/api/bookings", { jobId: job.id })).status).toBe(201);
    await expect.poll(smtp.isHolding, { timeout: 20_000, interval: 100 }).toBe(true);
    await first.stop("SIGKILL");
    expect(smtp.received).toEqual([]);

    servers.push(await startAppServer(env));
    await expect.poll(() => smtp.received.length, { timeout: 60_000, interval: 250 }).toBe(1);
    // A little longer: nothing else arrives (the job was taken over once, not once per instance or retry).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.received).toEqual([{ to: [seekerEmail], subject: "Job accepted", messageId: expect.stringMatching(/^<[\w-]+@localhost>$/) }]);
  });
});
