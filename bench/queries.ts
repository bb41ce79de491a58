// Part 2: query latency of the app's own model functions at 10k, 100k and 1m
// jobs, p50/p95/p99 against a `select 1` baseline on the same handle, growth
// per 10× data, and the EXPLAIN (ANALYZE) plan of every statement they send.
import { existsSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";

import { inTransaction } from "../app/infra/events.server.ts";
import { DEFAULT_LOCATION } from "../app/lib/geo.ts";
import { overviewDays } from "../app/lib/overview-days.ts";
import { providerSearchQuery } from "../app/lib/schemas/provider-search.ts";
import { enqueueAlerts } from "../app/models/email-alert.server.ts";
import { listAvailableJobs, listSeekerJobs } from "../app/models/job.server.ts";
import { marketplaceHealth } from "../app/models/marketplace-health.server.ts";
import { listConversations } from "../app/models/message.server.ts";
import { listNotifications } from "../app/models/notification.server.ts";
import { searchProviders } from "../app/models/provider-search.server.ts";
import { getProviderStats } from "../app/models/provider.server.ts";
import { quickCompletions, repeatedPairs, sharedAddressReviewers } from "../app/models/signals.server.ts";
import { searchUsers } from "../app/models/user-lookup.server.ts";
import { postJobIn as createJob } from "../app/operations/jobs.server.ts";
import { openDatabase, type Database, type DatabaseHandle } from "../db/client.ts";
import { QUEUE_SCHEMA } from "../db/queue.ts";
import { notifications, users, type User } from "../db/schema.ts";
import { DIRECTORY_SIZE_NAMES, directoryDatabaseUrl, type DirectorySize } from "./support/directory-data.ts";
import { connect, databaseExists } from "./support/postgres-admin.ts";
import { ms, summarize, times, type Report } from "./support/report.ts";
import { BENCH_PROVIDER_EMAIL, BENCH_SEEKER_EMAIL, benchDatabaseUrl, PGLITE_DIR, SIZE_NAMES, type SizeName } from "./support/scale.ts";

const PART = "2 queries";
const P95_BUDGET_MS = 20;
const GROWTH_BUDGET = 2;
/** Tables big enough that a sequential scan of them is a finding. */
const BIG_TABLES = new Set(["users", "jobs", "bookings", "messages", "reviews", "notifications"]);

interface BenchUsers {
  seeker: User;
  provider: User;
}

type Query<U> = { name: string; run(db: Database, u: U): Promise<unknown> };
/** What a database's queries are and whom they run as. */
type Suite<U> = { queries: Array<Query<U>>; users(db: Database): Promise<U> };

const QUERIES: Array<Query<BenchUsers>> = [
  { name: "available jobs near a provider (NYC)", run: (db, u) => listAvailableJobs(db, u.provider) },
  { name: "seeker's jobs (500 jobs)", run: (db, u) => listSeekerJobs(db, u.seeker.id) },
  { name: "conversations (500 bookings)", run: (db, u) => listConversations(db, u.provider.id) },
  { name: "notifications list (1,000)", run: (db, u) => listNotifications(db, u.provider.id) },
  { name: "provider earnings", run: (db, u) => getProviderStats(db, u.provider, "America/New_York") },
  // The provider directory (issue 33 §1, decision 0072), here at 30,000 providers; at 10,000 and 100,000 below.
  { name: "provider directory: misspelt name", run: (db, u) => directory(db, u.seeker, { q: "Jenifer" }) },
  {
    name: "provider directory: words, repair, 25 mi, nearest",
    run: (db, u) => directory(db, u.seeker, { q: "reliable", category: "repair", near: "25", sort: "nearest" }),
  },
  { name: "provider directory: online, best rated", run: (db, u) => directory(db, u.seeker, { online: "1", minRating: "4" }) },
  // The operator console (issue 34): the overview's 30 days by day in the market's zone, the user lookup, the signals.
  { name: "console overview (30 days)", run: (db) => marketplaceHealth(db, overviewDays(new Date(), "America/New_York"), "America/New_York") },
  { name: "console user lookup (a name part)", run: (db) => searchUsers(db, "jennif") },
  { name: "console signals: repeated pairs (30 days)", run: (db) => repeatedPairs(db, thirtyDaysAgo()) },
  { name: "console signals: quick completions (30 days)", run: (db) => quickCompletions(db, thirtyDaysAgo()) },
  { name: "console signals: reviewers sharing an address (30 days)", run: (db) => sharedAddressReviewers(db, thirtyDaysAgo()) },
];

function thirtyDaysAgo(): Date {
  return new Date(Date.now() - 30 * 24 * 3_600_000);
}

/**
 * The directory's searches on its own databases (10,000 and 100,000 providers, bench/support/directory-data.ts), as
 * the benchmark seeker in Brooklyn: issue 33's "p95 < 20 ms at 100,000 providers, < 2× per 10× data". Each shape
 * once on its first page and once from a cursor 5 pages in (the keyset's deep page).
 */
const DIRECTORY_SEARCHES: Array<{ name: string; params: Record<string, string>; deep?: false }> = [
  { name: "misspelt full name", params: { q: "Jenson Franey" }, deep: false },
  // Too far from any full name to match (similarity < 0.3): what reading the trigram index alone costs.
  { name: "misspelt first name", params: { q: "Jenifer" }, deep: false },
  { name: "a word in a third of the bios", params: { q: "reliable" } },
  { name: "words, repair, 25 mi, nearest", params: { q: "reliable", category: "repair", near: "25", sort: "nearest" } },
  { name: "nearest within 10 mi", params: { near: "10", sort: "nearest" } },
  { name: "nearest, anywhere", params: { sort: "nearest" } },
  { name: "online, 4+, best rated", params: { online: "1", minRating: "4" } },
  { name: "cleaning, lowest rate", params: { category: "cleaning", sort: "rate" } },
];
const DIRECTORY_DEEP_PAGE = 5;
type DirectoryViewer = { seeker: User; cursors: Map<string, string> };
const DIRECTORY_QUERIES: Array<Query<DirectoryViewer>> = DIRECTORY_SEARCHES.flatMap(({ name, params, deep }) => [
  { name: `directory: ${name}`, run: (db: Database, v: DirectoryViewer) => directory(db, v.seeker, params) },
  ...(deep === false
    ? []
    : [
        {
          name: `directory: ${name}, page ${DIRECTORY_DEEP_PAGE + 1}`,
          run: async (db: Database, v: DirectoryViewer) => {
            const after = v.cursors.get(name) ?? (await cursorAt(db, v.seeker, params, DIRECTORY_DEEP_PAGE));
            v.cursors.set(name, after);
            return directory(db, v.seeker, { ...params, after });
          },
        },
      ]),
]);

/** A directory search as the benchmark seeker (from their location, or New York's). */
function directory(db: Database, seeker: User, params: Record<string, string>) {
  const { latitude, longitude } = seeker;
  const origin = latitude !== null && longitude !== null ? { latitude: Number(latitude), longitude: Number(longitude) } : DEFAULT_LOCATION;
  return searchProviders(db, seeker.id, origin, providerSearchQuery.parse(params));
}

/** The cursor after `pages` pages of a search (the search must have that many). */
async function cursorAt(db: Database, seeker: User, params: Record<string, string>, pages: number): Promise<string> {
  let after: string | undefined;
  for (let i = 0; i < pages; i++) {
    const page = await directory(db, seeker, after ? { ...params, after } : params);
    if (!page.next) throw new Error(`the directory search ${JSON.stringify(params)} has fewer than ${pages + 1} pages`);
    after = page.next;
  }
  return after!;
}

export interface QueryOptions {
  /** At most this many timed calls per query... */
  iterations: number;
  /** ...and no more than this long (slow queries get fewer samples; at least 20). */
  secondsPerQuery: number;
  pglite: boolean;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Total Time"?: number;
  Plans?: PlanNode[];
}

interface Measured {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  plans: Array<{ statement: string; tree: string; seqScans: string[]; indexes: string[]; text: string }>;
}

export async function runQueries(report: Report, options: QueryOptions): Promise<void> {
  const sizes: SizeName[] = [];
  for (const size of SIZE_NAMES) {
    const url = benchDatabaseUrl(size);
    if (await databaseExists(url)) sizes.push(size);
    else report.note(`queries: no database for ${size} (${url}); run npm run bench:seed`);
  }
  const bySize: Partial<Record<SizeName, Measured[]>> = {};
  if (sizes.length > 0) {
    // In turn, as the directory's (measureDatabases, decision 0098).
    console.log(`\nQueries on PostgreSQL, ${sizes.join(", ")} jobs, in turn`);
    const databases = sizes.map((size) => ({ label: `PostgreSQL ${size}`, url: benchDatabaseUrl(size) }));
    const measured = await measurePostgres(report, databases, options, BENCH_SUITE);
    sizes.forEach((size, k) => (bySize[size] = measured[k]));
  }
  reportPostgres(report, bySize);
  const largest = sizes.at(-1);
  if (largest) await reportPosting(report, largest, options);
  if (options.pglite) await runPglite(report, options);
}

const ROLLBACK = new Error("rolled back on purpose");

/** Runs `work` in a transaction that is rolled back: the database is as it was, whatever was written. */
async function rolledBack(db: Database, work: (tx: Database) => Promise<void>): Promise<void> {
  try {
    await inTransaction(db, async (tx) => {
      await work(tx as unknown as Database);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

/**
 * Posting an urgent job (the write path of issue 20's outbox): the whole model call, which notifies the nearest
 * online providers offering the category and queues their emails in the same transaction, and that queueing step
 * alone, run again on the same notifications. Every run is rolled back, so the data does not grow.
 */
async function reportPosting(report: Report, size: SizeName, options: QueryOptions) {
  const handle = await openDatabase({ databaseUrl: benchDatabaseUrl(size), poolSize: 2 });
  try {
    const { seeker, provider } = await findBenchUsers(handle.db);
    const input = {
      categoryId: provider.providerCategories?.[0] ?? "repair",
      title: "Bench: burst pipe",
      description: "Water everywhere",
      isUrgent: true,
      address: "New York, NY",
    };
    const total: number[] = [];
    const queueing: number[] = [];
    let told = 0;
    const deadline = performance.now() + options.secondsPerQuery * 1000;
    for (let i = 0; i < options.iterations && (i < 20 || performance.now() < deadline); i++) {
      await rolledBack(handle.db, async (tx) => {
        const started = performance.now();
        const job = await createJob(tx, seeker.id, input);
        const posted = performance.now();
        const created = await tx.select().from(notifications).where(eq(notifications.relatedId, job.id));
        await tx.execute(sql`delete from ${sql.identifier(QUEUE_SCHEMA)}.job where id = any(${sql.param(created.map((n) => n.id))}::uuid[])`);
        const queued = performance.now();
        // The insert answered each provider's devices (none in the bench's data): the push jobs' lookup is part of it.
        await enqueueAlerts(
          tx,
          created.map((n) => ({ ...n, devices: [] })),
        );
        if (i >= 5) {
          total.push(posted - started);
          queueing.push(performance.now() - queued);
        }
        told = created.length;
      });
    }
    const all = summarize(total);
    const outbox = summarize(queueing);
    console.log(
      `  post an urgent job (${told} providers told)   p50 ${ms(all.p50)}  p95 ${ms(all.p95)}; queueing their emails p50 ${ms(outbox.p50)}  p95 ${ms(outbox.p95)}`,
    );
    // Posting has no budget of its own (issue 19 budgets reads and three API calls); the outbox's share of it is
    // held to the statement budget of the model queries.
    report.add({
      part: PART,
      name: `post an urgent job (tells ${told} providers, queues their emails), ${size} jobs`,
      value: `p50 ${ms(all.p50)} · p95 ${ms(all.p95)} (${all.n} runs, rolled back)`,
      budget: "",
      ratio: `queueing the emails: ${((outbox.p50 / all.p50) * 100).toFixed(0)}% of it (p50)`,
      pass: null,
      data: { total: all, told },
    });
    report.add({
      part: PART,
      name: `queueing a post's ${told} alert emails (the outbox insert), ${size} jobs`,
      value: `p50 ${ms(outbox.p50)} · p95 ${ms(outbox.p95)} (${outbox.n} runs)`,
      budget: `p95 < ${P95_BUDGET_MS} ms`,
      ratio: `${times(outbox.p95 / all.p95)} the whole post (p95)`,
      pass: outbox.p95 < P95_BUDGET_MS,
      data: { queueing: outbox, told },
    });
  } finally {
    await handle.close();
  }
}

async function runPglite(report: Report, options: QueryOptions) {
  if (!existsSync(PGLITE_DIR)) {
    report.note(`queries: no PGlite database in ${PGLITE_DIR}; run npm run bench:seed`);
    return;
  }
  console.log(`\nQueries on PGlite (${PGLITE_DIR})`);
  let client: PGlite | undefined;
  const results = await measureDatabase(report, "PGlite", { dataDir: PGLITE_DIR }, options, BENCH_SUITE, async (statement, params, handle) => {
    client ??= (handle.db as unknown as { $client: PGlite }).$client;
    return (await client.query(statement, params)).rows;
  });
  const baseline = results.at(-1)!;
  QUERIES.forEach((query, i) => {
    const r = results[i];
    report.add({
      part: "2 queries (PGlite, 100k jobs)",
      name: query.name,
      value: `p50 ${ms(r.p50)} · p95 ${ms(r.p95)} · p99 ${ms(r.p99)} (${r.n} runs)`,
      budget: "",
      ratio: `${times(r.p95 / baseline.p95)} select 1`,
      pass: null,
      data: { p50: r.p50, p95: r.p95, p99: r.p99 },
    });
  });
}

type Explain = (statement: string, params: unknown[], handle: DatabaseHandle) => Promise<unknown[]>;

/** Measures every query and, last, the `select 1` baseline; EXPLAINs what each query sent. */
async function measureDatabase<U>(
  report: Report,
  label: string,
  target: { databaseUrl?: string; dataDir?: string },
  options: QueryOptions,
  suite: Suite<U>,
  explain: Explain,
): Promise<Measured[]> {
  const [results] = await measureDatabases(report, [{ label, target, explain }], options, suite);
  return results;
}

type Target = { label: string; target: { databaseUrl?: string; dataDir?: string }; explain: Explain };

/**
 * The same on several databases at once, their samples taken in turn (one on each, then again), so a busy moment
 * of a shared machine falls on every size alike and their growth compares like with like.
 */
async function measureDatabases<U>(report: Report, targets: Target[], options: QueryOptions, suite: Suite<U>): Promise<Measured[][]> {
  let captured: Array<{ query: string; params: unknown[] }> | null = null;
  const handles: DatabaseHandle[] = [];
  try {
    for (const { target } of targets) {
      const handle = await openDatabase({ ...target, poolSize: 2, onQuery: (query, params) => captured?.push({ query, params }) });
      handles.push(handle);
      // A seed from before a new migration gets its indexes here, as a deployment would.
      await handle.migrate();
    }
    const benchUsers: U[] = [];
    for (const handle of handles) benchUsers.push(await suite.users(handle.db));
    const results: Measured[][] = targets.map(() => []);
    const all: Array<Query<U>> = [...suite.queries, { name: "baseline: select 1", run: (db: Database) => db.execute(sql`select 1`) }];
    for (const query of all) {
      for (const [k, handle] of handles.entries()) for (let i = 0; i < 5; i++) await query.run(handle.db, benchUsers[k]);
      const samples: number[][] = targets.map(() => []);
      const deadline = performance.now() + options.secondsPerQuery * 1000 * targets.length;
      for (let i = 0; i < options.iterations && (i < 20 || performance.now() < deadline); i++) {
        for (const [k, handle] of handles.entries()) {
          const started = performance.now();
          await query.run(handle.db, benchUsers[k]);
          samples[k].push(performance.now() - started);
        }
      }
      for (const [k, handle] of handles.entries()) {
        const stats = summarize(samples[k]);
        captured = [];
        await query.run(handle.db, benchUsers[k]);
        const statements: Array<{ query: string; params: unknown[] }> = captured;
        captured = null;
        const plans = [];
        for (const statement of statements) {
          if (query.name.startsWith("baseline")) break;
          const explain = targets[k].explain;
          const [json] = (await explain(`explain (analyze, format json) ${statement.query}`, statement.params, handle)) as Array<
            Record<string, unknown>
          >;
          const textRows = (await explain(`explain (analyze, buffers) ${statement.query}`, statement.params, handle)) as Array<
            Record<string, string>
          >;
          const root = planRoot(json);
          plans.push({
            statement: statement.query.replace(/\s+/g, " ").trim(),
            tree: describePlan(root),
            seqScans: collect(root, (n) => (n["Node Type"] === "Seq Scan" && BIG_TABLES.has(n["Relation Name"] ?? "") ? n["Relation Name"]! : null)),
            indexes: collect(root, (n) => n["Index Name"] ?? null),
            text: textRows.map((row) => Object.values(row)[0]).join("\n"),
          });
        }
        const name = targets.length > 1 ? `${query.name} [${targets[k].label}]` : query.name;
        console.log(
          `  ${name.padEnd(50)} p50 ${ms(stats.p50).padStart(9)}  p95 ${ms(stats.p95).padStart(9)}  p99 ${ms(stats.p99).padStart(9)}  (${stats.n} runs)`,
        );
        for (const plan of plans)
          console.log(`    plan: ${plan.tree}${plan.seqScans.length ? `   <-- Seq Scan on ${plan.seqScans.join(", ")}` : ""}`);
        results[k].push({ n: stats.n, p50: stats.p50, p95: stats.p95, p99: stats.p99, plans });
      }
    }
    targets.forEach(({ label }, k) => (report.details[`queries ${label}`] = Object.fromEntries(all.map((q, i) => [q.name, results[k][i]]))));
    return results;
  } finally {
    for (const handle of handles) await handle.close();
  }
}

function reportPostgres(report: Report, bySize: Partial<Record<SizeName, Measured[]>>) {
  reportSizes(report, { queries: QUERIES, bySize, sizes: SIZE_NAMES, unit: "jobs", budgetAt: "1m" });
}

/** Each query at the largest size measured (its budget applies at `budgetAt`), its growth per step, its plan. */
function reportSizes<S extends string>(
  report: Report,
  {
    queries,
    bySize,
    sizes,
    unit,
    budgetAt,
  }: { queries: Array<{ name: string }>; bySize: Partial<Record<S, Measured[]>>; sizes: S[]; unit: string; budgetAt: S },
) {
  const measuredSizes = sizes.filter((s) => bySize[s]);
  const largest = measuredSizes.at(-1);
  if (!largest) return;
  queries.forEach((query, i) => {
    const r = bySize[largest]![i];
    const baseline = bySize[largest]!.at(-1)!;
    report.add({
      part: PART,
      name: `${query.name}, ${largest} ${unit}`,
      value: `p50 ${ms(r.p50)} · p95 ${ms(r.p95)} · p99 ${ms(r.p99)} (${r.n} runs)`,
      budget: `p95 < ${P95_BUDGET_MS} ms${largest === budgetAt ? "" : ` (at ${budgetAt})`}`,
      ratio: `${times(r.p95 / baseline.p95)} select 1`,
      pass: largest === budgetAt ? r.p95 < P95_BUDGET_MS : null,
      data: { size: largest, ...r, plans: undefined, bySize: Object.fromEntries(measuredSizes.map((s) => [s, pick(bySize[s]![i])])) },
    });
    for (let k = 1; k < measuredSizes.length; k++) {
      const from = bySize[measuredSizes[k - 1]]![i];
      const to = bySize[measuredSizes[k]]![i];
      // Medians: on a shared 2-core machine a p95 of a few dozen runs moves too much to compare.
      const growth = to.p50 / from.p50;
      report.add({
        part: PART,
        name: `${query.name}, growth ${measuredSizes[k - 1]} → ${measuredSizes[k]}`,
        value: `p50 ${ms(from.p50)} → ${ms(to.p50)} (p95 ${ms(from.p95)} → ${ms(to.p95)})`,
        budget: `p50 < ${GROWTH_BUDGET}× per 10× data`,
        ratio: times(growth),
        pass: growth < GROWTH_BUDGET,
      });
    }
    const seqScans = [...new Set(r.plans.flatMap((p) => p.seqScans))];
    const indexes = [...new Set(r.plans.flatMap((p) => p.indexes))];
    report.add({
      part: PART,
      name: `${query.name}, plan at ${largest}`,
      value: seqScans.length ? `Seq Scan on ${seqScans.join(", ")}` : `indexes: ${indexes.join(", ") || "none"}`,
      budget: "no Seq Scan on a big table",
      ratio: "",
      pass: seqScans.length === 0,
      data: { plans: r.plans.map((p) => ({ tree: p.tree, text: p.text })) },
    });
  });
}

/** The directory's databases (10,000 and 100,000 providers): its own budget, at 100,000 providers. */
export async function runDirectoryQueries(report: Report, options: QueryOptions): Promise<void> {
  const sizes: DirectorySize[] = [];
  for (const size of DIRECTORY_SIZE_NAMES) {
    const url = directoryDatabaseUrl(size);
    if (await databaseExists(url)) sizes.push(size);
    else report.note(`queries: no directory database for ${size} providers (${url}); run npm run bench:seed -- --directory-only`);
  }
  if (sizes.length === 0) return;
  console.log(`\nDirectory queries on PostgreSQL, ${sizes.join(" and ")} providers, in turn`);
  const databases = sizes.map((size) => ({ label: `PostgreSQL directory ${size}`, url: directoryDatabaseUrl(size) }));
  const measured = await measurePostgres(report, databases, options, DIRECTORY_SUITE);
  const bySize = Object.fromEntries(sizes.map((size, k) => [size, measured[k]])) as Partial<Record<DirectorySize, Measured[]>>;
  reportSizes(report, { queries: DIRECTORY_QUERIES, bySize, sizes: DIRECTORY_SIZE_NAMES, unit: "providers", budgetAt: "100k" });
}

/** measureDatabases on PostgreSQL databases, each explained through a connection of its own. */
async function measurePostgres<U>(
  report: Report,
  databases: Array<{ label: string; url: string }>,
  options: QueryOptions,
  suite: Suite<U>,
): Promise<Measured[][]> {
  const explainers = databases.map(({ url }) => connect(url));
  try {
    const targets = databases.map(({ label, url }, k) => ({
      label,
      target: { databaseUrl: url },
      explain: (statement: string, params: unknown[]) => explainers[k].unsafe(statement, params as never[]).then((rows) => rows as unknown[]),
    }));
    return await measureDatabases(report, targets, options, suite);
  } finally {
    for (const explainer of explainers) await explainer.end();
  }
}

function pick(r: Measured) {
  return { n: r.n, p50: r.p50, p95: r.p95, p99: r.p99 };
}

const BENCH_SUITE: Suite<BenchUsers> = { queries: QUERIES, users: findBenchUsers };
const DIRECTORY_SUITE: Suite<DirectoryViewer> = {
  queries: DIRECTORY_QUERIES,
  async users(db) {
    const [seeker] = await db.select().from(users).where(eq(users.email, BENCH_SEEKER_EMAIL));
    if (!seeker) throw new Error("the benchmark seeker is missing: run npm run bench:seed -- --directory-only");
    return { seeker, cursors: new Map() };
  },
};

async function findBenchUsers(db: Database): Promise<BenchUsers> {
  const [seeker] = await db.select().from(users).where(eq(users.email, BENCH_SEEKER_EMAIL));
  const [provider] = await db.select().from(users).where(eq(users.email, BENCH_PROVIDER_EMAIL));
  if (!seeker || !provider) throw new Error("the benchmark users are missing: run npm run bench:seed");
  return { seeker, provider };
}

function planRoot(json: Record<string, unknown> | undefined): PlanNode {
  // postgres.js returns the column parsed; PGlite too ("QUERY PLAN": [{ Plan }]).
  const value = json ? Object.values(json)[0] : undefined;
  const parsed = (typeof value === "string" ? JSON.parse(value) : value) as Array<{ Plan: PlanNode }>;
  return parsed[0].Plan;
}

/** "Limit › Sort › Nested Loop(Index Scan jobs_status_location_idx on jobs, Index Scan users_pkey on users)". */
function describePlan(node: PlanNode): string {
  const index = node["Index Name"] ? ` ${node["Index Name"]}` : "";
  const relation = node["Relation Name"] ? ` on ${node["Relation Name"]}` : "";
  const target = index + relation;
  const self = `${node["Node Type"]}${target}`;
  const children = node.Plans ?? [];
  if (children.length === 0) return self;
  if (children.length === 1) return `${self} › ${describePlan(children[0])}`;
  return `${self}(${children.map(describePlan).join(", ")})`;
}

function collect(node: PlanNode, get: (n: PlanNode) => string | null): string[] {
  const own = get(node);
  return [...(own ? [own] : []), ...(node.Plans ?? []).flatMap((child) => collect(child, get))];
}
