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
