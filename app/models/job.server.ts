import "server-only";

import { and, desc, eq, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { createInsertSchema } from "drizzle-zod";
import { z } from "zod";

import { bookings, bookingWithdrawals, jobColumns, jobs, users, type Favorite, type Job } from "#db/schema.ts";
import { builtOnce } from "~/infra/built-once.server";
import type { Executor } from "~/infra/db.server";
import { MAX_EVENT_RECIPIENTS, publishEvent } from "~/infra/events.server";
import { describeCoordinates, resolveLocation } from "~/infra/geocode.server";
import { columnsOf } from "~/infra/subquery-columns.server";
import { ACTIVE_BOOKING_STATUSES } from "~/lib/booking-process";
import { CATEGORY_IDS } from "~/lib/categories";
import { chordForMiles, DEFAULT_LOCATION, distanceMiles, formatMiles, NEARBY_RADIUS_MILES, unitSphereCube } from "~/lib/geo";
import { isUuid } from "~/lib/ids";
import { ACCEPT_JOB, CANCEL_JOB, type AcceptanceFacts } from "~/lib/job-process";
import { jobFieldRules } from "~/lib/schemas/job";
import { isOnlineProvider, JOB_STATUSES } from "~/lib/statuses";
import { oneLineText } from "~/lib/text-fields";
import { blockedBetween } from "~/models/block.server";
import { savedRoleOf } from "~/models/heart-role.server";
import { approximateArea, approximateCoordinate } from "~/models/job-location.server";
import { listNearbyOnlineProviders } from "~/models/provider.server";

export type { Job };
export type JobStatus = Job["status"];
export { JOB_STATUSES };

/** A number, or a numeric string as PostgreSQL returns them. */
const decimal = <T extends z.ZodNumber>(rule: T) =>
  z.union([
    rule,
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, "must be a number")
      .transform(Number)
      .pipe(rule),
  ]);

/**
 * POST /api/jobs: the job table's insert schema (drizzle-zod) without id,
 * timestamps and status, with the form's rules. Location may come as
 * coordinates, as text to resolve, or not at all ('New York, NY').
 */
export const createJobSchema = createInsertSchema(jobs, {
  title: jobFieldRules.title,
  description: jobFieldRules.description,
  categoryId: jobFieldRules.categoryId,
  imageUrl: z.string().trim().max(500).nullish(),
  isUrgent: z.boolean().default(false),
  address: oneLineText("Address").max(200).nullish(),
  latitude: decimal(jobFieldRules.latitude).nullish(),
  longitude: decimal(jobFieldRules.longitude).nullish(),
  budget: decimal(jobFieldRules.budget).nullish(),
})
  // A job is addressed to one provider only by a request (POST /api/bookings/requests), never by a field of a job.
  .omit({
    id: true,
    createdAt: true,
    updatedAt: true,
    status: true,
    seekerId: true,
    locationApproximate: true,
    requestedProviderId: true,
    hiddenAt: true,
    hiddenFor: true,
  })
  .refine((v) => (v.latitude == null) === (v.longitude == null), {
    message: "latitude and longitude go together",
    path: ["longitude"],
  });
export type CreateJobInput = z.input<typeof createJobSchema>;

export interface NewJob {
  categoryId: Job["categoryId"];
  title: string;
  description: string;
  imageUrl?: string | null;
  isUrgent?: boolean;
  /** Typed location text; empty means 'New York, NY'. */
  address?: string | null;
  /** Browser coordinates, when the user shared them. */
  latitude?: number | null;
  longitude?: number | null;
  budget?: number | null;
}

/**
 * Where a new job is: typed text that resolves wins (the job may not be where
 * the seeker is), then the browser's coordinates, then the text kept on the
 * default coordinates ('New York, NY' when empty).
 */
export function placeJob(input: Pick<NewJob, "address" | "latitude" | "longitude">) {
  const text = input.address?.trim() ?? "";
  const typed = text ? resolveLocation(text) : null;
  if (typed?.resolved) return { address: typed.address, latitude: typed.latitude, longitude: typed.longitude, approximate: false };
  if (input.latitude != null && input.longitude != null) {
    return {
      address: text || describeCoordinates(input.latitude, input.longitude),
      latitude: input.latitude,
      longitude: input.longitude,
      approximate: false,
    };
  }
  const place = typed ?? resolveLocation("");
  return { address: place.address, latitude: place.latitude, longitude: place.longitude, approximate: !place.resolved };
}

/** Online providers told about a new job nearby: the nearest this many offering its category. */
export const JOB_POSTED_NOTIFY_LIMIT = 20;

/** The job-posted notices of a new job: for each provider told, its title, its area (never its address) and how far. */
export function jobPostedNotices(job: Job, providers: { id: string; distanceMiles: number }[]) {
  return providers.map((p) => ({
    userId: p.id,
    type: "job_posted" as const,
    title: job.isUrgent ? "Urgent job near you" : "New job near you",
    // The providers told are strangers to the job: its area, never its address (decision 0039).
    message: `"${job.title}" · ${asSeenBy(job, false).address} · ${formatMiles(p.distanceMiles)} away`,
    relatedId: job.id,
  }));
}

/** The online providers around a job (the live update's audience), never its seeker; `categoryId` narrows them. */
export async function providersAround(
  db: Executor,
  job: Pick<Job, "seekerId" | "latitude" | "longitude">,
  options: { categoryId?: Job["categoryId"]; limit: number },
) {
  const point = { latitude: Number(job.latitude), longitude: Number(job.longitude) };
  return listNearbyOnlineProviders(db, point, { ...options, excludeUserId: job.seekerId });
}

/** Live update for a job's seeker and the online providers around it (its visibility changed). */
export async function publishJobUpdate(db: Executor, job: Pick<Job, "id" | "seekerId" | "latitude" | "longitude">): Promise<void> {
  const point = { latitude: Number(job.latitude), longitude: Number(job.longitude) };
  const nearby = await listNearbyOnlineProviders(db, point, { excludeUserId: job.seekerId, limit: MAX_EVENT_RECIPIENTS });
  await publishEvent(db, { type: "job_update", userIds: [job.seekerId, ...nearby.map((p) => p.id)], data: { jobId: job.id } });
}

/** Stores a job; `requestedProviderId` addresses it to that provider alone (a request, issue 33 §2). */
export async function insertJob(db: Executor, seekerId: string, input: NewJob, requestedProviderId: string | null = null): Promise<Job> {
  const place = placeJob(input);
  const [job] = await db
    .insert(jobs)
    .values({
      seekerId,
      requestedProviderId,
      categoryId: input.categoryId,
      title: input.title,
      description: input.description,
      imageUrl: input.imageUrl || null,
      isUrgent: input.isUrgent ?? false,
      address: place.address,
      latitude: place.latitude.toFixed(7),
      longitude: place.longitude.toFixed(7),
      locationApproximate: place.approximate,
      budget: input.budget == null ? null : input.budget.toFixed(2),
    })
    .returning(jobColumns);
  return job;
}

export const seekerSummary = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  averageRating: users.averageRating,
};
export type SeekerSummary = { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null; averageRating: string };
/**
 * A job as one viewer sees it (decision 0039). With `exactLocation` false the
 * address is the job's area ("Brooklyn, NY") and the coordinates are rounded
 * to two decimals (about 1 km).
 */
export type JobWithSeeker = Job & { seeker: SeekerSummary; exactLocation: boolean };

/**
 * Decision 0039, in SQL. Who gets a job's exact location: its seeker, and the provider of an active booking on
 * it. Who may see the job at all: anyone while it is posted to everyone, then only its seeker and the providers
 * who have (or had) a booking on it. A job requested of one provider is never posted to everyone: its seeker and
 * that provider (who has its pending booking) see it, nobody else.
 */
function seesExactLocation(viewerId: string): SQL<boolean> {
  return sql<boolean>`(${jobs.seekerId} = ${viewerId} or exists (select 1 from ${bookings}
    where ${bookings.jobId} = ${jobs.id} and ${bookings.providerId} = ${viewerId} and ${inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])}))`;
}
/** A posted job open to every provider: not a request addressed to one, not hidden (issue 34). */
export function openToEveryone(): SQL {
  return sql`(${jobs.status} = 'posted' and ${jobs.requestedProviderId} is null and ${jobs.hiddenAt} is null)`;
}

/**
 * A hidden job (by an operator, or while its seeker is suspended) is gone for everyone but operators; a posted job is
 * not there for a user blocked by its seeker or who blocked them (issue 34), but their own and booked ones stay.
 */
export function mayReadJob(viewerId: string): SQL | undefined {
  return and(
    isNull(jobs.hiddenAt),
    or(
      and(openToEveryone(), sql`not ${blockedBetween(jobs.seekerId, viewerId)}`),
      eq(jobs.seekerId, viewerId),
      sql`exists (select 1 from ${bookings} where ${bookings.jobId} = ${jobs.id} and ${bookings.providerId} = ${viewerId})`,
    ),
  );
}

/** The job with its location as exact as the viewer may have it: else its area and rounded coordinates. */
export function asSeenBy<T extends Pick<Job, "address" | "latitude" | "longitude" | "locationApproximate">>(
  job: T,
  exactLocation: boolean,
): T & { exactLocation: boolean } {
  if (exactLocation) return { ...job, exactLocation };
  const latitude = Number(job.latitude);
  const longitude = Number(job.longitude);
  return {
    ...job,
    address: approximateArea({ address: job.address, latitude, longitude, locationApproximate: job.locationApproximate }),
    latitude: approximateCoordinate(latitude).toFixed(7),
    longitude: approximateCoordinate(longitude).toFixed(7),
    exactLocation,
  };
}

/**
 * The seeker's own jobs, newest first, optionally of one status; a hidden one is gone for them too (issue 34).
 * `before` (a job id of theirs) pages on from that job, exactly: the comparison is the row's own time and id, as the
 * list is ordered, so jobs of the same moment are neither skipped nor repeated.
 */
export async function listSeekerJobs(
  db: Executor,
  seekerId: string,
  options: { status?: JobStatus; limit?: number; before?: string } = {},
): Promise<JobWithSeeker[]> {
  const shape = `${options.status ?? ""}${options.before ? ":before" : ""}`;
  const rows = await seekerJobsQuery(db, shape).execute({ seekerId, limit: options.limit ?? 200, before: options.before });
  return rows.map((r) => ({ ...r.job, seeker: r.seeker, exactLocation: true }));
}

/** listSeekerJobs' query for one status (or "" for all), with or without a cursor, built once per database: the seeker home runs it each time. */
const seekerJobsQuery = builtOnce((db, shape) => {
  const [status, cursor] = shape.split(":");
  // A job of another seeker (or none) as the cursor: the subquery is empty, the comparison null, the page empty.
  const older = sql`(${jobs.createdAt}, ${jobs.id}) < (select c.created_at, c.id from jobs c where c.id = ${sql.placeholder("before")} and c.seeker_id = ${sql.placeholder("seekerId")})`;
  return db
    .select({ job: jobColumns, seeker: seekerSummary })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.seekerId))
    .where(
      and(
        eq(jobs.seekerId, sql.placeholder("seekerId")),
        isNull(jobs.hiddenAt),
        status ? eq(jobs.status, status as JobStatus) : undefined,
        cursor ? older : undefined,
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(sql.placeholder("limit"))
    .prepare(`seeker_jobs_${status || "all"}${cursor ? "_before" : ""}`);
});

/** Counts of the seeker's jobs by status, for the filter tabs. */
export async function countSeekerJobsByStatus(db: Executor, seekerId: string): Promise<Record<JobStatus, number>> {
  const rows = await db
    .select({ status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.seekerId, seekerId), isNull(jobs.hiddenAt)))
    .groupBy(jobs.status);
  const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/**
 * GET /api/jobs/:id and the job page: the job with its seeker as `viewerId` may
 * see it (decision 0039), or null (shown as 404) when it is not posted and the
 * viewer is neither its seeker nor the provider of a booking on it.
 */
export async function getJobForViewer(db: Executor, jobId: string, viewerId: string): Promise<JobWithSeeker | null> {
  if (!isUuid(jobId)) return null;
  const [row] = await db
    .select({ job: jobColumns, seeker: seekerSummary, exactLocation: seesExactLocation(viewerId) })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.seekerId))
    .where(and(eq(jobs.id, jobId), mayReadJob(viewerId)))
    .limit(1);
  return row ? { ...asSeenBy(row.job, Boolean(row.exactLocation)), seeker: row.seeker } : null;
}

/** Where a provider stands for accepting jobs, read from their row (share-locked with `lock`: going offline waits). */
export interface ProviderStanding {
  /** Online, as a provider. */
  online: boolean;
  latitude: string | null;
  longitude: string | null;
}

export async function providerStanding(db: Executor, providerId: string, options: { lock?: boolean } = {}): Promise<ProviderStanding> {
  const query = db
    .select({ online: users.isProviderOnline, role: users.currentRole, latitude: users.latitude, longitude: users.longitude })
    .from(users)
    .where(eq(users.id, providerId));
  const [me] = options.lock ? await query.for("share") : await query;
  return {
    online: me ? isOnlineProvider({ currentRole: me.role, isProviderOnline: me.online }) : false,
    latitude: me?.latitude ?? null,
    longitude: me?.longitude ?? null,
  };
}

/** Whether the job lies within NEARBY_RADIUS_MILES of the provider's center: measured in SQL, for the write and the page alike. */
function withinReachOf(standing: ProviderStanding): SQL<boolean> {
  const center = sql`${unitSphereCube(providerCenter(standing))}::cube`;
  return sql<boolean>`(${jobs.position} <-> ${center}) <= ${chordForMiles(NEARBY_RADIUS_MILES)}`;
}

/**
 * A provider's accept, as one conditional update (decision 0039, 0062): the job moves from posted to matched only
 * when it is not theirs, within reach and not one they cancelled before, so of concurrent accepts exactly one wins.
 * Undefined when any condition fails (`acceptanceFacts` then says which).
 */
export async function claimPostedJob(tx: Executor, jobId: string, providerId: string, standing: ProviderStanding): Promise<Job | undefined> {
  const [job] = await tx
    .update(jobs)
    .set({ status: ACCEPT_JOB.to, updatedAt: new Date() })
    .where(
      and(
        eq(jobs.id, jobId),
        eq(jobs.status, ACCEPT_JOB.from),
        isNull(jobs.requestedProviderId),
        isNull(jobs.hiddenAt),
        ne(jobs.seekerId, providerId),
        sql`not ${blockedBetween(jobs.seekerId, providerId)}`,
        withinReachOf(standing),
        sql`not ${withdrawnBy(providerId)}`,
      ),
    )
    .returning(jobColumns);
  return job;
}

/**
 * The conditions of accepting a job, as the database has them for one provider (the job process decides from
 * them: `acceptRefusal`); null when there is no such job.
 */
export async function acceptanceFacts(db: Executor, jobId: string, providerId: string, standing: ProviderStanding): Promise<AcceptanceFacts | null> {
  if (!isUuid(jobId)) return null;
  const [row] = await db
    .select({
      status: jobs.status,
      seekerId: jobs.seekerId,
      requestedProviderId: jobs.requestedProviderId,
      hiddenAt: jobs.hiddenAt,
      withinReach: withinReachOf(standing),
      withdrawn: withdrawnBy(providerId),
      blocked: blockedBetween(jobs.seekerId, providerId),
    })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  // A job requested of another provider, a hidden one, or one of a seeker blocked either way, is not there for this one.
  if (!row || row.hiddenAt !== null || row.blocked || (row.requestedProviderId !== null && row.requestedProviderId !== providerId)) return null;
  return {
    status: row.status,
    requestedOfMe: row.requestedProviderId === providerId,
    own: row.seekerId === providerId,
    withdrawn: Boolean(row.withdrawn),
    online: standing.online,
    withinReach: Boolean(row.withinReach),
  };
}

/** The job's status after its booking moved (the booking process's `jobStatus`); the job, unchanged when null. */
export async function jobAfterBookingMove(tx: Executor, jobId: string, status: JobStatus | null, now: Date): Promise<Job> {
  const [job] = status
    ? await tx.update(jobs).set({ status, updatedAt: now }).where(eq(jobs.id, jobId)).returning(jobColumns)
    : await tx.select(jobColumns).from(jobs).where(eq(jobs.id, jobId));
  return job;
}

/** Whether the job is a request, and of whom (the booking process ends, rather than reopens, a request's job). */
export async function requestOf(db: Executor, jobId: string): Promise<{ requestedProviderId: string | null }> {
  const [row] = await db.select({ requestedProviderId: jobs.requestedProviderId }).from(jobs).where(eq(jobs.id, jobId));
  return { requestedProviderId: row?.requestedProviderId ?? null };
}

/**
 * A request that ended unanswered or declined goes to every provider: its job, posted again and addressed to nobody,
 * as one conditional update (only the seeker's, only a request's job that ended with no booking left open, so a
 * second click changes nothing).
 */
export async function reopenRequestedJob(tx: Executor, seekerId: string, jobId: string): Promise<Job | undefined> {
  const [job] = await tx
    .update(jobs)
    .set({ status: "posted", requestedProviderId: null, updatedAt: new Date() })
    .where(
      and(
        eq(jobs.id, jobId),
        eq(jobs.seekerId, seekerId),
        eq(jobs.status, "cancelled"),
        sql`${jobs.requestedProviderId} is not null`,
        sql`not exists (select 1 from ${bookings} where ${bookings.jobId} = ${jobs.id} and ${bookings.status} <> 'cancelled')`,
      ),
    )
    .returning(jobColumns);
  return job;
}

/** Whether the viewer may see the job at all (the rule of getJobForViewer), for writes that name a job. */
export async function mayViewerReadJob(db: Executor, jobId: string, viewerId: string): Promise<boolean> {
  if (!isUuid(jobId)) return false;
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), mayReadJob(viewerId)))
    .limit(1);
  return Boolean(row);
}

export type NearbyJob = JobWithSeeker & { distanceMiles: number; inMyCategories: boolean };
/** Listed with `savedAs`: with the role of the provider's favorite of the job that its heart acts with, or null. */
export type SavedNearbyJob = NearbyJob & { savedRole: Favorite["role"] | null };

interface AvailableJobsOptions {
  limit?: number;
  radiusMiles?: number;
}
type NearbyJobsProvider = { id: string; latitude: string | null; longitude: string | null; providerCategories: string[] };

/**
 * "Available Jobs Near You": posted jobs within the radius of the provider,
 * never their own. Order: the provider's categories first, then urgent jobs,
 * then nearest, then newest (decision 0010). Every category is listed, so every
 * listed job may be accepted (decision 0039); a job the provider cancelled after
 * accepting is not listed to them (decision 0062). The provider is a stranger to
 * these jobs: each comes with its area and rounded coordinates, and the distance
 * is measured to that approximate point (decision 0039).
 *
 * Decision 0026: GiST indexes hold (category, position) of posted jobs, one for
 * urgent jobs and one for the rest. Each (category, urgency) pair finds its
 * limit-th nearest job with a nearest-first index scan, then reads the jobs up to
 * that distance, so the work depends on the limit, not on how many jobs lie in
 * the radius. The order's first two keys split the pairs into groups (my
 * categories and urgent, mine and not urgent, the others urgent, the others not
 * urgent), asked one after the other until the list is full: where jobs are
 * plenty, the first group alone fills it.
 */
export async function listAvailableJobs(
  db: Executor,
  provider: NearbyJobsProvider,
  options: AvailableJobsOptions & { savedAs: Favorite["role"] },
): Promise<SavedNearbyJob[]>;
export async function listAvailableJobs(db: Executor, provider: NearbyJobsProvider, options?: AvailableJobsOptions): Promise<NearbyJob[]>;
export async function listAvailableJobs(
  db: Executor,
  provider: NearbyJobsProvider,
  options: AvailableJobsOptions & { savedAs?: Favorite["role"] } = {},
): Promise<NearbyJob[]> {
  const limit = options.limit ?? 50;
  const maxChord = chordForMiles(options.radiusMiles ?? NEARBY_RADIUS_MILES);
  const point = providerCenter(provider);
  // No categories chosen: every category is the provider's.
  const mine = provider.providerCategories.length ? CATEGORY_IDS.filter((c) => provider.providerCategories.includes(c)) : CATEGORY_IDS;
  const others = CATEGORY_IDS.filter((c) => !mine.includes(c));
  const found: NearbyJob[] = [];
  for (const [categories, inMyCategories] of [
    [mine, true],
    [others, false],
  ] as const) {
    for (const isUrgent of [true, false]) {
      if (found.length === limit || categories.length === 0) continue;
      const group = { categories, isUrgent, inMyCategories };
      found.push(...(await nearestInGroup(db, provider.id, point, maxChord, group, limit - found.length, options.savedAs)));
    }
  }
  return found;
}

/** The `limit` nearest posted jobs (newest first among equals) of some categories and one urgency. */
async function nearestInGroup(
  db: Executor,
  providerId: string,
  point: { latitude: number; longitude: number },
  maxChord: number,
  group: { categories: readonly string[]; isUrgent: boolean; inMyCategories: boolean },
  limit: number,
  savedAs: Favorite["role"] | undefined,
): Promise<NearbyJob[]> {
  const shape = `${group.categories.length}:${group.isUrgent ? "urgent" : "not-urgent"}${savedAs ? ":saved" : ""}`;
  const categories = Object.fromEntries(group.categories.map((categoryId, i) => [`category${i}`, categoryId]));
  const placeholders = { providerId, center: unitSphereCube(point), maxChord, limit, offset: limit - 1, ...categories };
  const rows = await nearestQuery(db, shape).execute(savedAs ? { ...placeholders, savedAs } : placeholders);
  return rows.map((r) => {
    const job = asSeenBy(r.job, false);
    const distance = distanceMiles(point, { latitude: Number(job.latitude), longitude: Number(job.longitude) });
    const nearby: NearbyJob = { ...job, seeker: r.seeker, distanceMiles: distance, inMyCategories: group.inMyCategories };
    return savedAs ? ({ ...nearby, savedRole: r.savedRole ?? null } satisfies SavedNearbyJob) : nearby;
  });
}

/**
 * The nearest-jobs query of one shape ("<how many categories>:urgent|not-urgent", then ":saved" for the role the
 * provider saved each job under, so that the dashboard's hearts cost no statement of their own: issue 36 §2), built
 * once per database: one branch per category, so each walks its own part of the position index, reading the columns
 * shown as it goes.
 * The branches' nearest `limit` are kept before their seekers are joined, so a seeker is read only for a job
 * listed (issue 36: a job read again by id and a seeker for every branch's row were a third of its time).
 * Placeholders: providerId, center (a unitSphereCube), maxChord, limit, offset (limit - 1), category0 … categoryN-1,
 * and savedAs (the provider's current role) for ":saved".
 */
const nearestQuery = builtOnce((db, shape) => {
  const [count, urgency] = shape.split(":");
  const center = sql`${sql.placeholder("center")}::cube`;
  const chord = sql`(${jobs.position} <-> ${center})`;
  const maxChord = sql.placeholder("maxChord");
  const limit = sql.placeholder("limit");
  const branches = Array.from({ length: Number(count) }, (_, i) => {
    const pair = sql`${jobs.status} = 'posted' and ${jobs.requestedProviderId} is null and ${jobs.hiddenAt} is null and ${urgency === "urgent" ? sql`${jobs.isUrgent}` : sql`not ${jobs.isUrgent}`}
      and ${jobs.categoryId} = ${sql.placeholder(`category${i}`)} and ${jobs.seekerId} <> ${sql.placeholder("providerId")}
      and not ${withdrawnBy(sql.placeholder("providerId"))} and not ${blockedBetween(jobs.seekerId, sql.placeholder("providerId"))}`;
    // The limit-th nearest distance, nearest first from the index; then every job up to it (ties included),
    // newest first among equals.
    const limitthChord = sql`(select ${chord} from ${jobs}
      where ${pair} and ${jobs.position} <@ cube_enlarge(${center}, ${maxChord}, 3)
      order by ${chord} offset ${sql.placeholder("offset")} limit 1)`;
    return db
      .select({ ...jobColumns, chord: sql<number>`${chord}`.as("chord") })
      .from(jobs)
      .where(sql`${pair} and ${jobs.position} <@ cube_enlarge(${center}, coalesce(${limitthChord}, ${maxChord}), 3) and ${chord} <= ${maxChord}`)
      .orderBy(chord, desc(jobs.createdAt))
      .limit(limit);
  });
  const [first, second, ...more] = branches;
  const nearest = (
    second
      ? unionAll(first, second, ...more)
          .orderBy(sql`"chord"`, sql`"created_at" desc`)
          .limit(limit)
      : first
  ).as("nearest");
  const job = columnsOf(jobColumns, nearest);
  const savedRole = savedRoleOf(sql.placeholder("providerId"), nearest.id, sql.placeholder("savedAs"));
  return db
    .select({ job, seeker: seekerSummary, ...(shape.endsWith(":saved") ? { savedRole } : {}) })
    .from(nearest)
    .innerJoin(users, eq(users.id, nearest.seekerId))
    .orderBy(nearest.chord, desc(nearest.createdAt))
    .prepare(`nearest_jobs_${shape.replaceAll(":", "_")}`);
});

/**
 * Whether the provider cancelled the job after accepting it (decision 0062): such a job is never theirs to accept
 * again, so it is neither accepted nor listed for them.
 */
export function withdrawnBy(providerId: string | Placeholder) {
  return sql<boolean>`exists (select 1 from ${bookingWithdrawals} where ${bookingWithdrawals.jobId} = ${jobs.id} and ${bookingWithdrawals.providerId} = ${providerId})`;
}

/** A provider without a location is placed at the default location until they set one. */
export function providerCenter(provider: { latitude: string | null; longitude: string | null }) {
  if (provider.latitude == null || provider.longitude == null) {
    return { latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude };
  }
  return { latitude: Number(provider.latitude), longitude: Number(provider.longitude) };
}

/** The seeker's withdrawal of their job, as one conditional update: only theirs, only while posted; else undefined. */
export async function withdrawPostedJob(tx: Executor, seekerId: string, jobId: string): Promise<Job | undefined> {
  const [row] = await tx
    .update(jobs)
    .set({ status: CANCEL_JOB.to, updatedAt: new Date() })
    .where(and(eq(jobs.id, jobId), eq(jobs.seekerId, seekerId), eq(jobs.status, CANCEL_JOB.from)))
    .returning(jobColumns);
  return row;
}

/** The status of a job of this seeker (authorization in the query); null when it is not theirs or not there. */
export async function ownJobStatus(db: Executor, seekerId: string, jobId: string): Promise<JobStatus | null> {
  if (!isUuid(jobId)) return null;
  const [row] = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.seekerId, seekerId)));
  return row?.status ?? null;
}
