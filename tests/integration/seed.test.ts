import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { seedCategories, seedDemoIfEmpty } from "../../db/seed.ts";
import { modelTestDatabase } from "../support/model-database.ts";

let db: Database;
modelTestDatabase((opened) => (db = opened));

describe("seed", () => {
  it("holds exactly the six categories of the spec, and seeding again changes nothing", async () => {
    await seedCategories(db);
    const categories = await db.select().from(t.serviceCategories).orderBy(t.serviceCategories.id);
    expect(categories.map((c) => [c.id, c.name, c.icon])).toEqual([
      ["assembly", "Assembly & Installation", "Package"],
      ["cleaning", "Cleaning & Painting", "Paintbrush"],
      ["construction", "Construction & Handyman", "Hammer"],
      ["moving", "Moving & Delivery", "Truck"],
      ["other", "Other Services", "Sparkles"],
      ["repair", "Repair & Maintenance", "Wrench"],
    ]);
    expect(categories.every((c) => c.description)).toBe(true);
  });

  it("adds demo data once, with jobs in every status and consistent bookings", async () => {
    expect(await seedDemoIfEmpty(db)).toBe(true);
    expect(await seedDemoIfEmpty(db)).toBe(false);

    const statuses = await db.selectDistinct({ status: t.jobs.status }).from(t.jobs);
    expect(statuses.map((s) => s.status).sort()).toEqual(["cancelled", "completed", "in_progress", "matched", "posted"]);

    const pairs = await db
      .select({ job: t.jobs.status, booking: t.bookings.status, completedAt: t.bookings.completedAt })
      .from(t.bookings)
      .innerJoin(t.jobs, eq(t.jobs.id, t.bookings.jobId));
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) {
      expect({ matched: "accepted", in_progress: "in_progress", completed: "completed" }[pair.job as string]).toBe(pair.booking);
      expect(pair.completedAt !== null).toBe(pair.booking === "completed");
    }

    const providers = await db.select().from(t.users).where(eq(t.users.currentRole, "provider"));
    expect(providers.some((p) => p.isProviderOnline)).toBe(true);
    expect(providers.every((p) => p.hourlyRate && p.providerCategories.length > 0 && p.latitude)).toBe(true);
    const demo = await db.select().from(t.users).where(eq(t.users.email, "provider@nearhand.dev"));
    expect(demo).toHaveLength(1);
  });

  it("tells a believable story: English texts, every time in the past, the notifications its data implies", async () => {
    const jobs = await db.select().from(t.jobs);
    for (const job of jobs) {
      expect(job.description).not.toMatch(/\b(lorem|ipsum|dolor|amet|consectetur)\b/i);
      expect(job.description).toMatch(/^[A-Z][\w\s,.;:'"()-]+[.!?]$/);
    }
    const now = Date.now();
    const bookings = await db.select().from(t.bookings);
    for (const booking of bookings) {
      for (const at of [booking.createdAt, booking.scheduledAt, booking.startedAt, booking.completedAt, booking.updatedAt]) {
        if (at) expect(at.getTime()).toBeLessThanOrEqual(now);
      }
    }
    const demo = (email: string) =>
      db
        .select()
        .from(t.users)
        .where(eq(t.users.email, email))
        .then(([user]) => user);
    const provider = await demo("provider@nearhand.dev");
    const seeker = await demo("seeker@nearhand.dev");
    const noticesOf = (userId: string) => db.select().from(t.notifications).where(eq(t.notifications.userId, userId));
    const providerNotices = await noticesOf(provider.id);
    // One notification for each review received, and the messages and posted jobs around her.
    expect(providerNotices.filter((n) => n.type === "review")).toHaveLength(provider.totalReviews);
    expect(providerNotices.some((n) => n.type === "message")).toBe(true);
    expect(providerNotices.some((n) => n.type === "job_posted")).toBe(true);
    const received = await db.select().from(t.messages).where(eq(t.messages.receiverId, seeker.id));
    expect((await noticesOf(seeker.id)).filter((n) => n.type === "message")).toHaveLength(received.length);
  });

  it("keeps every user's rating and counts equal to their reviews and completed bookings", async () => {
    const result = (await db.execute(sql`
      select count(*)::int as mismatches from users u
      where u.total_reviews <> (select count(*) from reviews r where r.reviewee_id = u.id)
         or u.average_rating <> coalesce((select round(avg(rating), 2) from reviews r where r.reviewee_id = u.id), 0)
         or u.total_jobs_completed <> (select count(*) from bookings b where b.provider_id = u.id and b.status = 'completed')`)) as unknown;
    const row = Array.isArray(result) ? result[0] : (result as { rows: Array<{ mismatches: number }> }).rows[0];
    expect(row.mismatches).toBe(0);
    const reviewed = await db
      .select()
      .from(t.users)
      .where(sql`${t.users.totalReviews} > 0`);
    expect(reviewed.length).toBeGreaterThan(0);
  });
});
