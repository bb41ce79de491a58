// A query built once maps its rows with a mapper worked out once for its selection (app/infra/row-mapper.server.ts,
// issue 36): the objects must be the ones drizzle's own mapper makes — nested objects, decoded columns and
// expressions, and a left join with no row nulled — since every page reading such a query relies on them.
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { builtOnce } from "~/infra/built-once.server";

import type { Database } from "../../db/client.ts";
import * as t from "../../db/schema.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

let database: TestDatabase;
let db: Database;
let seekerId: string;
let loneId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  const stamp = Date.now();
  const [seeker, lone] = await db
    .insert(t.users)
    .values([
      { email: `row-mapper-${stamp}@example.com`, firstName: "Rowan", lastName: "Mapper" },
      { email: `row-mapper-lone-${stamp}@example.com`, firstName: "Lone" },
    ])
    .returning();
  seekerId = seeker.id;
  loneId = lone.id;
  await db.insert(t.jobs).values([
    {
      seekerId,
      categoryId: "repair",
      title: "Leaking tap",
      description: "Drips all night",
      latitude: "40.7128000",
      longitude: "-74.0060000",
      address: "1 Main St",
      budget: "120.50",
    },
    {
      seekerId,
      categoryId: "repair",
      title: "Blocked sink",
      description: "Slow drain",
      latitude: "40.7000000",
      longitude: "-74.0000000",
      address: "2 Main St",
      isUrgent: true,
    },
  ]);
});
afterAll(async () => {
  await database?.dispose();
});

/** Users with their jobs (a user with none comes once, its job null), as the select names them. */
const selection = () =>
  db
    .select({
      jobCount: sql<number>`count(*) over (partition by ${t.users.id})`.mapWith(Number),
      user: t.users,
      job: { id: t.jobs.id, title: t.jobs.title, budget: t.jobs.budget, createdAt: t.jobs.createdAt, position: t.jobs.position },
      seen: { name: t.users.firstName, postedAt: t.jobs.createdAt, label: sql<string>`upper(${t.jobs.title})` },
    })
    .from(t.users)
    .leftJoin(t.jobs, eq(t.jobs.seekerId, t.users.id))
    .where(sql`${t.users.id} in (${sql.placeholder("seekerId")}, ${sql.placeholder("loneId")})`)
    .orderBy(desc(t.users.firstName), t.jobs.title);

const builtSelection = builtOnce(() => selection().prepare("row_mapper_test"));

describe("a query built once", () => {
  it("maps its rows into the objects drizzle's own mapper makes, a missing left join nulled", async () => {
    const ids = { seekerId, loneId };
    const mine = await builtSelection(db).execute(ids);
    const drizzles = await selection().execute(ids);

    expect(mine).toEqual(drizzles);
    expect(mine.map((row) => [row.user.firstName, row.job?.title ?? null, row.jobCount])).toEqual([
      ["Rowan", "Blocked sink", 2],
      ["Rowan", "Leaking tap", 2],
      ["Lone", null, 1],
    ]);
    expect(mine[0].job?.createdAt).toBeInstanceOf(Date);
    expect(mine[2].seen).toEqual({ name: "Lone", postedAt: null, label: null });
    expect(Object.keys(mine[0])).toEqual(["jobCount", "user", "job", "seen"]);
  });

  it("uses the mapper worked out for it (drizzle still exposes the selection it is worked out from)", () => {
    const prepared = builtSelection(db) as unknown as { customResultMapper?: unknown };
    expect(prepared.customResultMapper).toBeTypeOf("function");
  });
});
