// Migrations that change existing rows, applied to a database that has such rows.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

import { migrationsFolder } from "../../db/client.ts";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The committed migrations up to (not including) the one tagged `before`. */
function migrationsBefore(before: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "nearhand-migrations-"));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === before);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * A database migrated up to (not including) the migration tagged `before`, with a seeker, a provider and a posted
 * job of the seeker's: the rows a migration of bookings finds. `finish` applies the remaining migrations.
 */
async function bookingsBefore(before: string) {
  const client = await PGlite.create("memory://", { extensions: { cube, btree_gist, pg_trgm } });
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: migrationsBefore(before) });
  const user = async (email: string) =>
    (await client.query<{ id: string }>("insert into users (email) values ($1) returning id", [email])).rows[0]!.id;
  const [seeker, provider] = [await user("s@example.com"), await user("p@example.com")];
  await client.query("insert into service_categories (id, name) values ('repair', 'Repair') on conflict do nothing");
  const [{ id: job }] = (
    await client.query<{ id: string }>(
      "insert into jobs (seeker_id, category_id, title, description, latitude, longitude, address) values ($1, 'repair', 'Tap', 'Fix', 40.7, -74, 'NY') returning id",
      [seeker],
    )
  ).rows;
  return { client, user, seeker, provider, job, finish: () => migrate(db, { migrationsFolder }) };
}

describe("migration 0006: notification types of the spec", () => {
  it("turns the old booking_status notifications into booking_accepted and leaves only the spec's six types", async () => {
    const client = await PGlite.create("memory://", { extensions: { cube, btree_gist, pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore("0006_notification_types_of_the_spec") });
    const [{ id }] = (await client.query<{ id: string }>("insert into users (email) values ('old@example.com') returning id")).rows;
    await client.query(
      `insert into notifications (user_id, type, title, message) values
        ($1, 'booking_status', 'Job started', 'Kim started work on "Tap"'),
        ($1, 'message', 'New message from Kim', '"Tap": hi')`,
      [id],
    );
    await migrate(db, { migrationsFolder });
    const rows = (await client.query<{ type: string; title: string }>("select type, title from notifications order by title")).rows;
    expect(rows).toEqual([
      { type: "booking_accepted", title: "Job started" },
      { type: "message", title: "New message from Kim" },
    ]);
    const labels = (await client.query<{ label: string }>("select unnest(enum_range(null::notification_type))::text as label")).rows;
    expect(labels.map((l) => l.label)).toEqual(["job_posted", "booking_request", "booking_accepted", "booking_cancelled", "message", "review"]);
    await client.close();
  }, 180_000);
});

describe("migration 0020: the console's kept counts", () => {
  it("fills the kept pairs and the completions per quarter hour of acceptance from the bookings already completed", async () => {
    const { client, seeker, provider, job, finish } = await bookingsBefore("0020_console_growth");
    const booking = (status: string, acceptedAt: string, completedAt: string | null) =>
      client.query(
        "insert into bookings (job_id, seeker_id, provider_id, agreed_price, payment_method, status, accepted_at, completed_at) values ($1, $2, $3, 50, 'cash', $4, $5, $6)",
        [job, seeker, provider, status, acceptedAt, completedAt],
      );
    for (const day of ["01", "02", "03", "04"]) await booking("completed", `2025-05-${day}T10:05:00Z`, `2025-05-${day}T12:00:00Z`);
    await booking("completed", "2025-05-04T10:14:59Z", "2025-05-05T12:00:00Z");
    await booking("accepted", "2025-05-04T10:01:00Z", null);
    await finish();
    const pairs = (
      await client.query<{ latest: string; since: Date }>("select latest_completed_at::text as latest, repeated_since as since from completed_pairs")
    ).rows;
    expect(pairs).toHaveLength(1);
    expect(pairs[0]!.since.toISOString()).toBe("2025-05-03T12:00:00.000Z");
    expect(pairs[0]!.latest.match(/2025-05-0\d/g)).toEqual(["2025-05-05", "2025-05-04", "2025-05-03"]);
    const quarters = (await client.query<{ at: Date; n: number }>("select accepted_in as at, completed as n from accepted_completions order by 1"))
      .rows;
    expect(quarters.map((q) => [q.at.toISOString(), q.n])).toEqual([
      ["2025-05-01T10:00:00.000Z", 1],
      ["2025-05-02T10:00:00.000Z", 1],
      ["2025-05-03T10:00:00.000Z", 1],
      ["2025-05-04T10:00:00.000Z", 2],
    ]);
    await client.close();
  }, 180_000);
});

describe("migration 0021: each provider's earnings kept", () => {
  it("fills the total of every provider from the bookings already completed, and keeps it as more complete", async () => {
    const { client, user, seeker, provider, job, finish } = await bookingsBefore("0021_provider_earnings");
    const idle = await user("i@example.com");
    const booking = (providerId: string, price: string, status: string) =>
      client.query<{ id: string }>(
        "insert into bookings (job_id, seeker_id, provider_id, agreed_price, payment_method, status) values ($1, $2, $3, $4, 'cash', $5) returning id",
        [job, seeker, providerId, price, status],
      );
    await booking(provider, "50.25", "completed");
    await booking(provider, "20.00", "completed");
    const [{ id: started }] = (await booking(provider, "99.00", "in_progress")).rows;
    await booking(idle, "10.00", "cancelled");
    await finish();
    const totals = async () =>
      (await client.query<{ provider_id: string; total: string }>("select provider_id, total::text as total from provider_earnings")).rows;
    expect(await totals()).toEqual([{ provider_id: provider, total: "70.25" }]);

    await client.query("update bookings set status = 'completed', completed_at = now() where id = $1", [started]);
    expect(await totals()).toEqual([{ provider_id: provider, total: "169.25" }]);
    await client.close();
  }, 180_000);
});

describe("migration 0022: the overview's counts per quarter hour", () => {
  it("fills the jobs posted, bookings accepted with their prices and bookings completed per quarter hour from the rows already there", async () => {
    const { client, seeker, provider, job, finish } = await bookingsBefore("0022_marketplace_quarters");
    await client.query("update jobs set created_at = '2025-05-01T10:14:00Z' where id = $1", [job]);
    const booking = (status: string, acceptedAt: string | null, completedAt: string | null, price: string) =>
      client.query(
        "insert into bookings (job_id, seeker_id, provider_id, agreed_price, payment_method, status, accepted_at, completed_at) values ($1, $2, $3, $4, 'cash', $5, $6, $7)",
        [job, seeker, provider, price, status, acceptedAt, completedAt],
      );
    await booking("completed", "2025-05-01T10:05:00Z", "2025-05-01T11:59:00Z", "50.25");
    await booking("accepted", "2025-05-01T10:00:00Z", null, "20");
    await booking("pending", null, null, "999");
    await finish();
    const quarters = async () =>
      (
        await client.query<{ at: Date; jobs: number; accepted: number; value: string; completed: number }>(
          "select quarter as at, sum(jobs_posted)::int as jobs, sum(accepted)::int as accepted, sum(booked_value)::text as value, sum(completed)::int as completed from marketplace_quarters group by 1 order by 1",
        )
      ).rows.map((q) => [q.at.toISOString(), q.jobs, q.accepted, q.value, q.completed]);
    expect(await quarters()).toEqual([
      ["2025-05-01T10:00:00.000Z", 1, 2, "70.25", 0],
      ["2025-05-01T11:45:00.000Z", 0, 0, "0.00", 1],
    ]);
    // Kept from now on: a pending request accepted counts in its acceptance's quarter hour.
    await client.query("update bookings set status = 'accepted', accepted_at = '2025-05-01T11:50:00Z' where status = 'pending'");
    expect((await quarters())[1]).toEqual(["2025-05-01T11:45:00.000Z", 0, 1, "999.00", 1]);
    await client.close();
  }, 180_000);
});
