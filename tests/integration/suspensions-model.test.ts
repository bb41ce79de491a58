// Operators and suspensions (issue 34): ADMIN_EMAILS makes an operator at sign-in; a suspension ends the user's
// sessions, hides their posted jobs, ends their open requests, is audited and emailed, and refuses their sign-in;
// reinstating reverses it. The audit log refuses every update and delete.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { DEMO_OPERATOR_EMAIL } from "~/infra/config.server";
import { SignInRefused } from "~/lib/sign-in-refusals";
import { OPERATOR_NOT_SUSPENDED } from "~/lib/trust-safety-texts";
import { listAuditLog } from "~/models/audit-log.server";
import { getJobForViewer, listAvailableJobs } from "~/models/job.server";
import { postJobIn } from "~/operations/jobs.server";
import { requestProviderIn } from "~/operations/requests.server";
import { signInIdentity } from "~/operations/sign-in.server";
import { ACCOUNT_CLOSED_REASON, reinstateUserIn, suspendUserIn } from "~/operations/suspensions.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { modelTestDatabase, refusal } from "../support/model-database.ts";

let db: Database;
const { user, provider } = modelTestDatabase((opened) => (db = opened));

const identity = (email: string) => ({
  issuer: "https://id.example",
  subject: `sub-${email}`,
  claims: { email, firstName: "Ada", lastName: "Okafor", profileImageUrl: null },
});

const userRow = async (id: string) => (await db.select().from(t.users).where(eq(t.users.id, id)))[0];
const sessionsOf = async (id: string) =>
  db
    .select()
    .from(t.sessions)
    .where(sql`(${t.sessions.sess} ->> 'userId') = ${id}`);
const openSession = (userId: string) =>
  db.insert(t.sessions).values({ sid: `s-${Math.random().toString(36).slice(2)}`, sess: { userId }, expire: new Date(Date.now() + 3_600_000) });

describe("operators", () => {
  it("are the users ADMIN_EMAILS names, set at each sign-in (the demo's operator outside production)", async () => {
    const admin = await signInIdentity(db, identity(DEMO_OPERATOR_EMAIL));
    expect(admin.isOperator).toBe(true);
    const someone = await signInIdentity(db, identity(`someone-${Date.now()}@example.com`));
    expect(someone.isOperator).toBe(false);
  });
});

describe("a suspension", () => {
  it("ends every session, hides the posted jobs, ends open requests, is audited and emailed; sign-in is refused", async () => {
    const operator = await user({ isOperator: true });
    const seeker = await signInIdentity(db, identity(`scammer-${Date.now()}@example.com`));
    const nearby = await provider();
    const asked = await provider();
    await openSession(seeker.id);
    await openSession(seeker.id);
    const job = await postJobIn(db, seeker.id, { categoryId: "repair", title: "Too good to be true", description: "Pay first" });
    const request = await requestProviderIn(db, seeker.id, {
      providerId: asked.id,
      categoryId: "repair",
      title: "Fix",
      description: "Now",
      when: "asap",
    });
    expect((await listAvailableJobs(db, nearby)).map((j) => j.id)).toContain(job.id);

    const suspended = await suspendUserIn(db, operator, seeker.id, { reason: "Scam jobs", days: 7 });
    expect(suspended.suspensionReason).toBe("Scam jobs");
    expect(suspended.suspendedUntil!.getTime() - suspended.suspendedAt!.getTime()).toBeGreaterThan(6.9 * 24 * 3_600_000);
    expect(await sessionsOf(seeker.id)).toEqual([]);
    expect((await listAvailableJobs(db, nearby)).map((j) => j.id)).not.toContain(job.id);
    expect(await getJobForViewer(db, job.id, nearby.id)).toBeNull();
    const [ended] = await db.select().from(t.bookings).where(eq(t.bookings.id, request.id));
    expect(ended).toMatchObject({ status: "cancelled", cancellationReason: ACCOUNT_CLOSED_REASON });
    const told = await db.select().from(t.notifications).where(eq(t.notifications.userId, asked.id));
    expect(told.map((n) => n.title)).toContain("Request ended");
    expect(JSON.stringify(told)).not.toContain("Scam jobs");
    const [entry] = await listAuditLog(db, { targetUserId: seeker.id });
    expect(entry).toMatchObject({ operatorId: operator.id, action: "user.suspend", targetType: "user", targetId: seeker.id, reason: "Scam jobs" });
    const [mail] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`pgboss.job`)
      .where(sql`name = 'account-email' and data->>'userId' = ${seeker.id} and data->>'kind' = 'suspended'`);
    expect(mail.count).toBe(1);

    const refused = await signInIdentity(db, identity(seeker.email)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SignInRefused);
    expect(refused).toMatchObject({ reason: "suspended", userId: seeker.id });

    await reinstateUserIn(db, operator, seeker.id, "Appeal accepted");
    expect((await userRow(seeker.id)).suspendedAt).toBeNull();
    expect((await listAvailableJobs(db, nearby)).map((j) => j.id)).toContain(job.id);
    expect((await listAuditLog(db, { targetUserId: seeker.id })).map((e) => e.action)).toEqual(["user.reinstate", "user.suspend"]);
    expect((await signInIdentity(db, identity(seeker.email))).id).toBe(seeker.id);
    expect((await refusal(reinstateUserIn(db, operator, seeker.id, "again"))).kind).toBe("conflict");
  });

  it("is not for oneself, nor for a user that does not exist", async () => {
    const operator = await user({ isOperator: true });
    expect((await refusal(suspendUserIn(db, operator, operator.id, { reason: "oops" }))).kind).toBe("forbidden");
    expect((await refusal(suspendUserIn(db, operator, "00000000-0000-4000-8000-000000000000", { reason: "who" }))).kind).toBe("not_found");
  });

  it("is not for another operator, until ADMIN_EMAILS no longer names them", async () => {
    const operator = await user({ isOperator: true });
    const peer = await signInIdentity(db, identity(DEMO_OPERATOR_EMAIL));
    const refused = await refusal(suspendUserIn(db, operator, peer.id, { reason: "Rogue" }));
    expect(refused).toMatchObject({ kind: "forbidden", message: OPERATOR_NOT_SUSPENDED });
    expect((await userRow(peer.id)).suspendedAt).toBeNull();
    // Made an operator at an earlier sign-in, no longer in ADMIN_EMAILS: an ordinary account, suspendable at once.
    const former = await user({ isOperator: true });
    expect((await suspendUserIn(db, operator, former.id, { reason: "Left the team, kept signing in" })).suspendedAt).not.toBeNull();
  });

  it("without an end lasts until an operator reinstates the user", async () => {
    const operator = await user({ isOperator: true });
    const target = await user();
    const suspended = await suspendUserIn(db, operator, target.id, { reason: "Harassment" });
    expect(suspended.suspendedUntil).toBeNull();
  });
});

describe("the audit log", () => {
  it("refuses every update and delete, whoever asks", async () => {
    const operator = await user({ isOperator: true });
    const target = await user();
    await suspendUserIn(db, operator, target.id, { reason: "Spam" });
    // The database's own refusal, under drizzle's "Failed query".
    const refusedBy = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => "done",
        (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
      );
    expect(await refusedBy(sql`update audit_log set reason = 'nothing happened' where target_id = ${target.id}`)).toMatch(/append-only: UPDATE/);
    expect(await refusedBy(sql`delete from audit_log where target_id = ${target.id}`)).toMatch(/append-only: DELETE/);
    expect(await refusedBy(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE/);
    expect(await listAuditLog(db, { targetId: target.id })).toHaveLength(1);
  });
});
