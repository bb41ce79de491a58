// The database of a model test file: a fresh migrated one for the file (see database.ts), handed to the file
// once open, a maker of users with unique emails and of providers near the jobs, and the refusal a call ends in.
import { afterAll, beforeAll, expect } from "vitest";

import { DomainError } from "~/lib/errors";

import type { Database, DatabaseHandle } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

/** `opened` gets the database (and its handle, to listen on) before the file's tests run. */
export function modelTestDatabase(opened: (db: Database, handle: DatabaseHandle) => unknown) {
  let database: TestDatabase | undefined;
  let counter = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    await opened(database.handle.db, database.handle);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  /** A user row with a unique email (and a name, 'U <n>'); `values` override any column. */
  async function user(values: Partial<t.NewUser> = {}): Promise<t.User> {
    const n = ++counter;
    const [row] = await database!.handle.db
      .insert(t.users)
      .values({
        email: `u${n}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
        firstName: "U",
        lastName: String(n),
        ...values,
      })
      .returning();
    return row;
  }
  return {
    user,
    /** An online repair provider in Midtown Manhattan, near the jobs posted without coordinates; `values` override any column. */
    provider: (values: Partial<t.NewUser> = {}) =>
      user({
        currentRole: "provider",
        isProviderOnline: true,
        providerCategories: ["repair"],
        latitude: "40.7580000",
        longitude: "-73.9855000",
        ...values,
      }),
  };
}

/** The DomainError the promise is rejected with; fails the test if it resolves or rejects with anything else. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** A job of `seekerId` booked by `providerId`, written straight to the tables (for tests of what follows a booking). */
export async function insertBooking(db: Database, seekerId: string, providerId: string, booking: Partial<typeof t.bookings.$inferInsert> = {}) {
  const [job] = await db
    .insert(t.jobs)
    .values({ seekerId, categoryId: "repair", title: "Tap", description: "Fix it", latitude: "40.7", longitude: "-74", address: "NY" })
    .returning();
  const [row] = await db
    .insert(t.bookings)
    .values({ jobId: job.id, seekerId, providerId, agreedPrice: "50", paymentMethod: "cash", ...booking })
    .returning();
  return row;
}
