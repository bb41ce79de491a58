// `npm run bench:seed`: fills the benchmark databases from a fixed seed.
// PostgreSQL: one database per size (10k, 100k, 1m jobs; 1m is the issue's
// large seed) next to BENCH_DATABASE_URL; PGlite: one tenth of the large seed
// in PGLITE_DIR (the user's cache, shared by checkouts); the provider directory's: 10k and 100k providers
// (bench/support/directory-data.ts). Each is dropped and rebuilt, so reruns give
// the same rows. Options: --sizes=10k,100k,1m  --no-pglite  --pglite-only
// --directory-sizes=10k,100k  --directory-only
import { rmSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import type { PGlite } from "@electric-sql/pglite";

import { openDatabase } from "../db/client.ts";
import { seedCategories } from "../db/seed.ts";
import { DIRECTORY_SIZE_NAMES, DIRECTORY_SIZES, directoryDatabaseUrl, generateDirectory, type DirectorySize } from "./support/directory-data.ts";
import { generateDataset, type TableData } from "./support/generate.ts";
import { connect, recreateDatabase } from "./support/postgres-admin.ts";
import { benchDatabaseUrl, countsAt, databaseName, PGLITE_DIR, PGLITE_SCALE, SIZE_NAMES, SIZES, type SizeName } from "./support/scale.ts";

/** Ratings, review counts, completed jobs, earnings, completed pairs and completions by acceptance recomputed from the rows, as the app keeps them. */
const AGGREGATES = [
  `update users u set total_jobs_completed = s.n
     from (select provider_id, count(*)::int as n from bookings where status = 'completed' group by provider_id) s
    where u.id = s.provider_id`,
  `update users u set total_reviews = s.n, average_rating = s.avg
     from (select reviewee_id, count(*)::int as n, round(avg(rating), 2) as avg from reviews group by reviewee_id) s
    where u.id = s.reviewee_id`,
  // Each provider's total earnings (migration 0021).
  `insert into provider_earnings (provider_id, total)
    select provider_id, sum(agreed_price) from bookings where status = 'completed' group by provider_id`,
  // The repeated-pairs signal's kept pairs (migration 0020, decision 0083): each pair's latest 3 completion times.
  `insert into completed_pairs (seeker_id, provider_id, latest_completed_at)
    select seeker_id, provider_id, (array_agg(completed_at order by completed_at desc))[1:3] from bookings
    where status = 'completed' and completed_at is not null group by seeker_id, provider_id`,
  // The overview's completed bookings per quarter hour of their acceptance (migration 0020).
  `insert into accepted_completions (accepted_in, completed)
    select date_bin('15 minutes', accepted_at, timestamptz '2000-01-01 00:00:00+00'), count(*) from bookings
    where status = 'completed' and accepted_at is not null group by 1`,
  // The overview's counts per quarter hour of the rows' own times (migration 0022, decision 0092).
  `insert into marketplace_quarters (quarter, stripe, jobs_posted, accepted, booked_value, completed)
    select quarter, 0, sum(posted), sum(accepted), sum(booked), sum(completed) from (
      select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') as quarter, 1 as posted, 0 as accepted, 0 as booked, 0 as completed from jobs
      union all
      select date_bin('15 minutes', accepted_at, timestamptz '2000-01-01 00:00:00+00'), 0, 1, agreed_price, 0 from bookings where accepted_at is not null
      union all
      select date_bin('15 minutes', completed_at, timestamptz '2000-01-01 00:00:00+00'), 0, 0, 0, 1 from bookings where status = 'completed' and completed_at is not null
    ) counted group by quarter`,
  // The directory's search documents (decision 0072): the triggers that keep them are off while COPY loads (replica).
  `update users set search_document = provider_search_document(id, first_name, last_name, provider_categories, bio)
    where cardinality(provider_categories) > 0`,
  // And the words of providers' names, by which a misspelt name is found (migration 0013).
  `insert into provider_name_words (word)
    select name_words(first_name, last_name) from users where cardinality(provider_categories) > 0 on conflict do nothing`,
];

/** Indexes that back no constraint (primary keys and unique constraints stay). */
const DEFERRABLE_INDEXES = `
  select i.indexname as name, i.indexdef as definition from pg_indexes i
  where i.schemaname = 'public' and i.tablename <> '__drizzle_migrations'
    and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`;

interface Timing {
  table: string;
  rows: number;
  seconds: number;
}

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: SIZE_NAMES.join(",") },
    pglite: { type: "boolean", default: true },
    "pglite-only": { type: "boolean", default: false },
    "directory-sizes": { type: "string", default: DIRECTORY_SIZE_NAMES.join(",") },
    "directory-only": { type: "boolean", default: false },
  },
  allowNegative: true,
});
const only = values["pglite-only"] || values["directory-only"];
const sizes = only ? [] : values.sizes.split(",").map((s) => s.trim());
for (const size of sizes) if (!(size in SIZES)) throw new Error(`unknown size ${size}; one of ${SIZE_NAMES.join(", ")}`);
const directorySizes = values["pglite-only"] ? [] : values["directory-sizes"].split(",").map((s) => s.trim());
for (const size of directorySizes)
  if (!(size in DIRECTORY_SIZES)) throw new Error(`unknown directory size ${size}; one of ${DIRECTORY_SIZE_NAMES.join(", ")}`);

const overall = performance.now();
for (const size of sizes as SizeName[]) await seedPostgres(size);
for (const size of directorySizes as DirectorySize[]) await seedDirectory(size);
if ((values.pglite && !values["directory-only"]) || values["pglite-only"]) await seedPglite();
console.log(`\nSeeding finished in ${seconds(overall).toFixed(1)} s.`);

/** What loading needs from either engine. */
interface Loader {
  run(statement: string): Promise<Array<Record<string, unknown>>>;
  copy(data: TableData): Promise<void>;
}

async function seedPostgres(size: SizeName) {
  const url = benchDatabaseUrl(size);
  const counts = countsAt(SIZES[size]);
  console.log(`\nPostgreSQL ${databaseName(url)} (${size} jobs): ${describe(counts)}`);
  await seedPostgresWith(url, generateDataset(counts));
}

async function seedDirectory(size: DirectorySize) {
  const url = directoryDatabaseUrl(size);
  console.log(`\nPostgreSQL ${databaseName(url)} (the directory, ${size} providers)`);
  await seedPostgresWith(url, generateDirectory(DIRECTORY_SIZES[size]));
}

async function seedPostgresWith(url: string, dataset: TableData[]) {
  const started = performance.now();
  await recreateDatabase(url);
  await migrate({ databaseUrl: url });
  const sql = connect(url);
  const connection = await sql.reserve();
  try {
    await load(dataset, started, {
      run: (statement) => connection.unsafe(statement),
      async copy(data) {
        const writable = await connection.unsafe(copyStatement(data, "stdin")).writable();
        await pipeline(Readable.from(data.chunks()), writable);
      },
    });
  } finally {
    connection.release();
    await sql.end();
  }
}

async function seedPglite() {
  const counts = countsAt(PGLITE_SCALE);
  console.log(`\nPGlite ${PGLITE_DIR}: ${describe(counts)}`);
  const started = performance.now();
  rmSync(PGLITE_DIR, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: PGLITE_DIR });
  try {
    await handle.migrate();
    await seedCategories(handle.db);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    await load(generateDataset(counts), started, {
      run: async (statement) => (await client.query<Record<string, unknown>>(statement)).rows,
      async copy(data) {
        await client.query(copyStatement(data, "'/dev/blob'"), [], { blob: new Blob([...data.chunks()]) });
      },
    });
  } finally {
    await handle.close();
  }
}

async function load(dataset: TableData[], started: number, loader: Loader) {
  // The rows are consistent by construction; foreign-key triggers would only slow COPY down.
  await loader.run("set session_replication_role = replica");
  // Secondary indexes are built once after loading, which is much faster than row by row.
  const deferred = (await loader.run(DEFERRABLE_INDEXES)) as Array<{ name: string; definition: string }>;
  for (const index of deferred) await loader.run(`drop index "${index.name}"`);
  const timings: Timing[] = [];
  for (const data of dataset) timings.push(await timed(data, () => loader.copy(data)));
  const finishing = performance.now();
  for (const index of deferred) await loader.run(index.definition);
  for (const statement of AGGREGATES) await loader.run(statement);
  await loader.run("vacuum analyze");
  report(timings, deferred.length, seconds(finishing), seconds(started));
}

async function migrate(options: { databaseUrl: string }) {
  const handle = await openDatabase({ ...options, poolSize: 2 });
  try {
    await handle.migrate();
    await seedCategories(handle.db);
  } finally {
    await handle.close();
  }
}

function copyStatement(data: TableData, source: string): string {
  return `copy ${data.table} (${data.columns.map((c) => `"${c}"`).join(", ")}) from ${source}`;
}

async function timed(data: TableData, load: () => Promise<void>): Promise<Timing> {
  const started = performance.now();
  await load();
  const timing = { table: data.table, rows: data.rows, seconds: seconds(started) };
  console.log(
    `  ${data.table.padEnd(14)} ${data.rows.toLocaleString("en-US").padStart(10)} rows  ${timing.seconds.toFixed(1).padStart(6)} s  ${rate(timing.rows, timing.seconds)}`,
  );
  return timing;
}

function report(timings: Timing[], indexes: number, finishingSeconds: number, totalSeconds: number) {
  const rows = timings.reduce((sum, t) => sum + t.rows, 0);
  const loading = timings.reduce((sum, t) => sum + t.seconds, 0);
  console.log(`  ${indexes} indexes, aggregates, vacuum analyze: ${finishingSeconds.toFixed(1)} s`);
  console.log(`  total ${rows.toLocaleString("en-US")} rows in ${totalSeconds.toFixed(1)} s (loading ${rate(rows, loading)})`);
}

function describe(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, n]) => `${n.toLocaleString("en-US")} ${table}`)
    .join(", ");
}

function rate(rows: number, secs: number): string {
  return `${Math.round(rows / Math.max(secs, 0.001)).toLocaleString("en-US")} rows/s`;
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}
