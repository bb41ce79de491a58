import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { insertBooking, modelTestDatabase } from "../support/model-database.ts";

let db: Database;
modelTestDatabase((opened) => (db = opened));

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // postgres.js answers with an array, PGlite with { rows }.
  const result = (await db.execute(query)) as unknown;
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

async function columns(table: string) {
  return rows<{
    column_name: string;
    data_type: string;
    numeric_precision: number | null;
    numeric_scale: number | null;
    is_nullable: string;
    column_default: string | null;
  }>(
    sql`select column_name, data_type, numeric_precision, numeric_scale, is_nullable, column_default
        from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
  );
}

async function expectViolation(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code?: string; cause?: { code?: string } },
  );
  expect(error, "expected the database to refuse the write").not.toBeNull();
  expect(error?.code ?? error?.cause?.code).toBe(code);
}

async function newUser(email: string) {
  const [user] = await db.insert(t.users).values({ email }).returning();
  return user;
}

describe("schema", () => {
  it("keeps rate-limit counters out of the write-ahead log, and everything else in it", async () => {
    const persistence = await rows<{ relname: string; relpersistence: string }>(
      sql`select relname, relpersistence from pg_class
          where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(persistence.filter((r) => r.relpersistence === "u").map((r) => r.relname)).toEqual(["rate_limits"]);
    expect(persistence.filter((r) => r.relpersistence === "p").length).toBeGreaterThan(5);
  });

  it("has a table for every entity of the spec", async () => {
    const tables = await rows<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public'`);
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(["users", "sessions", "service_categories", "jobs", "bookings", "messages", "reviews", "notifications", "favorites"]),
    );
  });

  it("keeps money, coordinates and ratings at the spec's precisions", async () => {
    const precision = async (table: string, column: string) => {
      const col = (await columns(table)).find((c) => c.column_name === column);
      return [col?.data_type, col?.numeric_precision, col?.numeric_scale];
    };
    expect(await precision("users", "hourly_rate")).toEqual(["numeric", 10, 2]);
    expect(await precision("users", "latitude")).toEqual(["numeric", 10, 7]);
    expect(await precision("users", "average_rating")).toEqual(["numeric", 3, 2]);
    expect(await precision("jobs", "budget")).toEqual(["numeric", 10, 2]);
    expect(await precision("jobs", "longitude")).toEqual(["numeric", 10, 7]);
    expect(await precision("bookings", "agreed_price")).toEqual(["numeric", 10, 2]);
  });

  it("uses uuid ids and timestamps", async () => {
    for (const table of ["users", "jobs", "bookings", "messages", "reviews", "notifications", "favorites"]) {
      const cols = await columns(table);
      expect(cols.find((c) => c.column_name === "id")?.data_type, table).toBe("uuid");
      expect(cols.find((c) => c.column_name === "created_at")?.data_type, table).toBe("timestamp with time zone");
    }
  });

  it("applies the spec's defaults to a new user", async () => {
    const user = await newUser("defaults@example.com");
    expect(user).toMatchObject({
      currentRole: "seeker",
      userType: "individual",
      isProviderOnline: false,
      providerCategories: [],
      totalJobsCompleted: 0,
      averageRating: "0.00",
      totalReviews: 0,
    });
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(user.updatedAt).toBeInstanceOf(Date);
  });

  it("rounds money to cents and coordinates to seven decimals", async () => {
    const seeker = await newUser("rounding@example.com");
    const [job] = await db
      .insert(t.jobs)
      .values({
        seekerId: seeker.id,
        categoryId: "repair",
        title: "T",
        description: "D",
        latitude: "40.123456789",
        longitude: "-73.987654321",
        address: "Somewhere",
        budget: "12.345",
      })
      .returning();
    expect(job).toMatchObject({ budget: "12.35", latitude: "40.1234568", longitude: "-73.9876543", status: "posted", isUrgent: false });
  });

  it("refuses a second user with the same email", async () => {
    await newUser("unique@example.com");
    await expectViolation(newUser("unique@example.com"), "23505");
  });

  it("refuses a job in an unknown category or for an unknown seeker", async () => {
    const seeker = await newUser("fk@example.com");
    await expectViolation(
      db
        .insert(t.jobs)
        .values({ seekerId: seeker.id, categoryId: "plumbing", title: "T", description: "D", latitude: "0", longitude: "0", address: "A" }),
      "23503",
    );
    await expectViolation(
      db.insert(t.jobs).values({
        seekerId: "00000000-0000-4000-8000-000000000000",
        categoryId: "repair",
        title: "T",
        description: "D",
        latitude: "0",
        longitude: "0",
        address: "A",
      }),
      "23503",
    );
  });

  it("keeps one favorite per user, target type, target and role", async () => {
    const user = await newUser("fav@example.com");
    const target = "11111111-1111-4111-8111-111111111111";
    await db.insert(t.favorites).values({ userId: user.id, targetType: "job", targetId: target, role: "seeker" });
    await expectViolation(db.insert(t.favorites).values({ userId: user.id, targetType: "job", targetId: target, role: "seeker" }), "23505");
    // The same target saved under the other role is a different favorite.
    await db.insert(t.favorites).values({ userId: user.id, targetType: "job", targetId: target, role: "provider" });
  });

  it("refuses enum values outside the spec", async () => {
    await expectViolation(db.execute(sql`insert into users (email, "current_role") values ('enum@example.com', 'admin')`), "22P02");
  });

  it("keeps review ratings within 1-5 and one review per reviewer and booking", async () => {
    const seeker = await newUser("rs@example.com");
    const provider = await newUser("rp@example.com");
    const booking = await insertBooking(db, seeker.id, provider.id);
    expect(booking).toMatchObject({ status: "pending", paymentStatus: "pending" });
    await expectViolation(db.insert(t.reviews).values({ bookingId: booking.id, reviewerId: seeker.id, revieweeId: provider.id, rating: 6 }), "23514");
    await expectViolation(db.insert(t.reviews).values({ bookingId: booking.id, reviewerId: seeker.id, revieweeId: provider.id, rating: 0 }), "23514");
    await db.insert(t.reviews).values({ bookingId: booking.id, reviewerId: seeker.id, revieweeId: provider.id, rating: 5 });
    await expectViolation(db.insert(t.reviews).values({ bookingId: booking.id, reviewerId: seeker.id, revieweeId: provider.id, rating: 4 }), "23505");
  });

  it("has the indexes the screens' queries need", async () => {
    const indexes = await rows<{ indexname: string }>(sql`select indexname from pg_indexes where schemaname = 'public'`);
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        "jobs_posted_urgent_nearby_idx",
        "jobs_posted_regular_nearby_idx",
        "jobs_seeker_created_idx",
        "bookings_provider_status_idx",
        "bookings_seeker_status_idx",
        "messages_booking_created_idx",
        "notifications_user_read_created_idx",
        "sessions_expire_idx",
      ]),
    );
  });
});
