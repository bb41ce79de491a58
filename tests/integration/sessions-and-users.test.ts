import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { nodeServices } from "~/http/node-services.server";
import { startReadinessProbe, stopReadinessProbe } from "~/http/readiness.server";
import { getSessionStorage, purgeExpiredSessions } from "~/http/session.server";
import { useDatabaseHandle } from "~/infra/db.server";
import { profileFormSchema } from "~/lib/schemas/profile";
import { switchRole, updateProfile, upsertUserFromClaims } from "~/models/user.server";

import { sessions, users } from "../../db/schema.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseHandle(database.handle);
});
afterAll(async () => {
  await database?.dispose();
});

describe("users", () => {
  it("upserts by email, case-insensitively, keeping names the provider does not send", async () => {
    const db = database.handle.db;
    const first = await upsertUserFromClaims(db, { email: "Case@Example.com", firstName: "Kim", lastName: "Lee", profileImageUrl: null });
    const again = await upsertUserFromClaims(db, {
      email: "case@example.COM",
      firstName: null,
      lastName: null,
      profileImageUrl: "https://img.example/k.png",
    });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ email: "case@example.com", firstName: "Kim", lastName: "Lee", profileImageUrl: "https://img.example/k.png" });
  });

  it("never replaces a stored name or photo: the identity provider's fill only what is empty (Sam Rivera became 'Seeker Rivera')", async () => {
    const db = database.handle.db;
    const sam = await upsertUserFromClaims(db, {
      email: "seeker@rivera.example",
      firstName: "Sam",
      lastName: "Rivera",
      profileImageUrl: "/images/own.png",
    });
    // The embedded provider, restarted, makes a first name from the email; a real one may send another name.
    const again = await upsertUserFromClaims(db, {
      email: "seeker@rivera.example",
      firstName: "Seeker",
      lastName: "Other",
      profileImageUrl: "https://idp.example/p.png",
    });
    expect(again.id).toBe(sam.id);
    expect(again).toMatchObject({ firstName: "Sam", lastName: "Rivera", profileImageUrl: "/images/own.png" });
    await db
      .update(users)
      .set({ lastName: "" })
      .where(sql`${users.id} = ${sam.id}`);
    expect(
      await upsertUserFromClaims(db, { email: "seeker@rivera.example", firstName: null, lastName: "Rivera", profileImageUrl: null }),
    ).toMatchObject({ firstName: "Sam", lastName: "Rivera" });
  });

  it("switches role with the user type; leaving the provider role goes offline", async () => {
    const db = database.handle.db;
    const user = await upsertUserFromClaims(db, { email: "role@example.com", firstName: "R", lastName: null, profileImageUrl: null });
    const provider = await switchRole(db, user.id, { newRole: "provider", userType: "business" });
    expect(provider).toMatchObject({ currentRole: "provider", userType: "business" });
    await db
      .update(users)
      .set({ isProviderOnline: true })
      .where(sql`${users.id} = ${user.id}`);
    const seeker = await switchRole(db, user.id, { newRole: "seeker", userType: "individual" });
    expect(seeker).toMatchObject({ currentRole: "seeker", userType: "individual", isProviderOnline: false });
  });
});

describe("session store", () => {
  it("stores sessions in the sessions table and deletes them on destroy", async () => {
    const storage = getSessionStorage();
    const session = await storage.getSession();
    session.set("userId", "00000000-0000-4000-8000-000000000001");
    const cookie = await storage.commitSession(session);
    const byUser = sql`${sessions.sess}->>'userId' = '00000000-0000-4000-8000-000000000001'`;
    const [row] = await database.handle.db.select().from(sessions).where(byUser);
    expect(row.sess).toEqual({ userId: "00000000-0000-4000-8000-000000000001" });
    expect(row.expire.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const loaded = await storage.getSession(cookie);
    expect(loaded.get("userId")).toBe("00000000-0000-4000-8000-000000000001");
    await storage.destroySession(loaded);
    expect(await database.handle.db.select().from(sessions).where(byUser)).toHaveLength(0);
  });

  it("ignores a cookie signed with another secret", async () => {
    const storage = getSessionStorage();
    const session = await storage.getSession();
    session.set("userId", "00000000-0000-4000-8000-000000000002");
    const cookie = await storage.commitSession(session);
    const forged = cookie.replace(/\.[^.;]+;/, ".forgedsignature;");
    expect((await storage.getSession(forged)).get("userId")).toBeUndefined();
  });

  it("purges expired rows and does not read them", async () => {
    const db = database.handle.db;
    await db.insert(sessions).values([
      { sid: "expired-one", sess: { userId: "x" }, expire: new Date(Date.now() - 1000) },
      { sid: "still-valid", sess: { userId: "y" }, expire: new Date(Date.now() + 60_000) },
    ]);
    expect(await purgeExpiredSessions()).toBeGreaterThanOrEqual(1);
    const left = await db.select({ sid: sessions.sid }).from(sessions);
    expect(left.map((r) => r.sid)).toContain("still-valid");
    expect(left.map((r) => r.sid)).not.toContain("expired-one");
  });
});

describe("readiness", () => {
  it("is ready while the database answers and its NOTIFY comes back through LISTEN; not when either fails", async () => {
    await startReadinessProbe();
    try {
      expect(await nodeServices.readiness()).toEqual({ ready: true });
      useDatabaseHandle({ ...database.handle, ping: () => Promise.reject(new Error("connection refused")) });
      expect(await nodeServices.readiness()).toEqual({ ready: false, reason: "database unavailable" });
      useDatabaseHandle(database.handle);
      // A listening connection that hears nothing (lost, not yet re-established).
      await stopReadinessProbe();
      useDatabaseHandle({ ...database.handle, listen: async () => async () => {} });
      await startReadinessProbe();
      useDatabaseHandle(database.handle);
      expect(await nodeServices.readiness()).toEqual({ ready: false, reason: "live events not arriving (LISTEN connection down)" });
    } finally {
      useDatabaseHandle(database.handle);
      await stopReadinessProbe();
    }
  });
});

describe("profile", () => {
  it("saves the profile, resolving the location to coordinates", async () => {
    const db = database.handle.db;
    const user = await upsertUserFromClaims(db, { email: "profile@example.com", firstName: "P", lastName: null, profileImageUrl: null });
    const saved = await updateProfile(db, user.id, {
      firstName: "Priya",
      lastName: "Patel",
      phoneNumber: "+1 212 555 0199",
      bio: "Handy",
      address: "Brooklyn, NY",
      hourlyRate: 45,
      providerCategories: ["repair", "assembly", "repair"],
    });
    expect(saved).toMatchObject({
      firstName: "Priya",
      lastName: "Patel",
      phoneNumber: "+1 212 555 0199",
      address: "Brooklyn, NY",
      hourlyRate: "45.00",
      providerCategories: ["repair", "assembly"],
    });
    expect(Number(saved?.latitude)).toBeCloseTo(40.65, 1);
    const cleared = await updateProfile(db, user.id, { firstName: "Priya", address: "" });
    expect(cleared).toMatchObject({ address: null, latitude: null, longitude: null, lastName: null, hourlyRate: null, providerCategories: [] });
  });

  it("validates the profile form", () => {
    expect(profileFormSchema.safeParse({ firstName: " " }).success).toBe(false);
    expect(profileFormSchema.safeParse({ firstName: "A", phoneNumber: "call me" }).success).toBe(false);
    expect(profileFormSchema.safeParse({ firstName: "A", hourlyRate: -1 }).success).toBe(false);
    expect(profileFormSchema.safeParse({ firstName: "A", providerCategories: ["plumbing"] }).success).toBe(false);
    expect(profileFormSchema.safeParse({ firstName: "A", bio: "x".repeat(1001) }).success).toBe(false);
    expect(profileFormSchema.safeParse({ firstName: "A", hourlyRate: 45.5, providerCategories: ["repair"] }).success).toBe(true);
  });
});
