import "server-only";

import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction } from "~/infra/events.server";
import { verifyUploadedImage } from "~/infra/image-upload.server";
import { spendRateLimit, userKey } from "~/infra/rate-limit.server";
import { conflict, notFound } from "~/lib/errors";
import { distanceMiles } from "~/lib/geo";
import { isUuid } from "~/lib/ids";
import { ACCEPT_JOB, acceptRefusal, cancelJobConflict, mayCancelJob, type AcceptanceFacts } from "~/lib/job-process";
import { isOnlineProvider } from "~/lib/statuses";
import { JOB_IMAGE_MAX_BYTES } from "~/lib/uploads";
import { lockPendingRequestOfJob } from "~/models/booking.server";
import type { SavedIds } from "~/models/favorite.server";
import {
  acceptanceFacts,
  countSeekerJobsByStatus,
  createJobSchema,
  getJobForViewer,
  insertJob,
  JOB_POSTED_NOTIFY_LIMIT,
  jobPostedNotices,
  listAvailableJobs,
  listSeekerJobs,
  ownJobStatus,
  providerCenter,
  providersAround,
  providerStanding,
  publishJobUpdate,
  reopenRequestedJob,
  withdrawPostedJob,
  type Job,
  type JobStatus,
  type JobWithSeeker,
  type NearbyJob,
  type NewJob,
} from "~/models/job.server";
import { notify } from "~/models/notification.server";
import type { User } from "~/models/user.server";
import { withdrawRequestWithJob } from "~/operations/bookings.server";
import { loadSavedIds } from "~/operations/favorites.server";

/** POST /api/jobs' body (spec §7). */
export const jobInput = createJobSchema;

/**
 * Posts a job for the actor: an image named by URL must be one the actor uploaded, within the job image cap and
 * really an image (UploadRefused otherwise; `storedImageUrl` is one the no-JavaScript form stored and checked
 * already); counted against the jobs limit; stored with the notices to nearby providers in one transaction.
 */
export async function postJob(actor: Pick<User, "id">, input: NewJob, options: { storedImageUrl?: string | null } = {}): Promise<Job> {
  const imageUrl = options.storedImageUrl ?? (input.imageUrl ? await verifyUploadedImage(input.imageUrl, actor.id, JOB_IMAGE_MAX_BYTES) : null);
  await spendRateLimit("jobs", userKey(actor.id));
  return postJobIn(await getDb(), actor.id, { ...input, imageUrl });
}

/**
 * The job, in one transaction: stored, the nearest online providers offering its category notified, and once it
 * commits a live update for the providers around who can see it.
 */
export async function postJobIn(db: Executor, seekerId: string, input: NewJob): Promise<Job> {
  return inTransaction(db, async (tx) => announceJob(tx, await insertJob(tx, seekerId, input)));
}

/** A job open to everyone: the nearest online providers offering its category are told, and live pages updated. */
async function announceJob(tx: Executor, job: Job): Promise<Job> {
  const told = await providersAround(tx, job, { categoryId: job.categoryId, limit: JOB_POSTED_NOTIFY_LIMIT });
  await notify(tx, jobPostedNotices(job, told));
  await publishJobUpdate(tx, job);
  return job;
}

export const ALREADY_POSTED_TO_EVERYONE = "This job is no longer a request that ended: it was posted to everyone or is taken";

/**
 * "Post to every provider nearby" after a request was declined, lapsed or withdrawn: the same job, posted to everyone
 * and announced as a new one would be (counted against the jobs limit). 404 for a job that is not the seeker's;
 * 409 when it is not a request that ended (a second click).
 */
export async function postRequestToEveryone(actor: Pick<User, "id">, jobId: string): Promise<Job> {
  if (!isUuid(jobId)) throw notFound("Job not found");
  await spendRateLimit("jobs", userKey(actor.id));
  return postRequestToEveryoneIn(await getDb(), actor.id, jobId);
}

export async function postRequestToEveryoneIn(db: Executor, seekerId: string, jobId: string): Promise<Job> {
  if (!isUuid(jobId)) throw notFound("Job not found");
  const job = await inTransaction(db, async (tx) => {
    const reopened = await reopenRequestedJob(tx, seekerId, jobId);
    return reopened ? announceJob(tx, reopened) : undefined;
  });
  if (job) return job;
  if (!(await ownJobStatus(db, seekerId, jobId))) throw notFound("Job not found");
  throw conflict(ALREADY_POSTED_TO_EVERYONE);
}

/** The seeker withdraws a job that is still posted (409 once accepted; 404 for anyone else's). */
export async function cancelJob(actor: Pick<User, "id">, jobId: string): Promise<Job> {
  return cancelJobIn(await getDb(), actor.id, jobId);
}

/**
 * The cancel step of the job process: a conditional update (only the seeker's own job, only while posted), with
 * the live update once it commits; when it changes nothing, 404 for a job that is not theirs and 409 naming the
 * status of one that is.
 */
export async function cancelJobIn(db: Executor, seekerId: string, jobId: string): Promise<Job> {
  if (!isUuid(jobId)) throw notFound("Job not found");
  const job = await inTransaction(db, async (tx) => {
    // A request's job is withdrawn with its request: the booking is locked first, as an answer or a lapse lock it,
    // so the three settle in one order; the withdrawal wins only while the request is still pending.
    const request = await lockPendingRequestOfJob(tx, jobId, seekerId);
    const row = await withdrawPostedJob(tx, seekerId, jobId);
    if (row && request) await withdrawRequestWithJob(tx, request);
    if (row) await publishJobUpdate(tx, row);
    return row;
  });
  if (job) return job;
  const status = await ownJobStatus(db, seekerId, jobId);
  if (!status) throw notFound("Job not found");
  throw conflict(cancelJobConflict(status));
}

/** The actor's own jobs, newest first, optionally of one status (GET /api/jobs/my-jobs). */
export async function myJobs(actor: Pick<User, "id">, status?: JobStatus) {
  return listSeekerJobs(await getDb(), actor.id, status ? { status } : {});
}

/** Jobs a page of /my-jobs shows: a long history comes in pages (the API's list stays at most 200, spec §7). */
export const MY_JOBS_PAGE_SIZE = 24;

/**
 * The my-jobs page: a page of the tab's jobs (from the job `before`, one of the actor's, when given), each with what
 * the actor may do with it; the count of each status; what the actor saved; the cursor it read (`before`, null on
 * the first page); and `older`, the job to page on from when there are more.
 */
export async function myJobsPage(actor: Pick<User, "id" | "currentRole">, status?: JobStatus, before?: string) {
  // Anything but a job id is the first page (the statement would refuse it).
  const cursor = before && isUuid(before) ? before : undefined;
  const db = await getDb();
  const [rows, counts, saved] = await Promise.all([
    listSeekerJobs(db, actor.id, { status, before: cursor, limit: MY_JOBS_PAGE_SIZE + 1 }),
    countSeekerJobsByStatus(db, actor.id),
    loadSavedIds(db, actor),
  ]);
  const jobs = rows.slice(0, MY_JOBS_PAGE_SIZE).map((job) => ({ ...job, actions: jobActions(actor, job, null) }));
  const older = rows.length > MY_JOBS_PAGE_SIZE ? jobs.at(-1)!.id : null;
  return { jobs, counts, saved, before: cursor ?? null, older };
}

/** Posted jobs near an online provider (spec §7: only while online); nobody else gets any. */
export async function availableJobs(
  actor: Pick<User, "id" | "currentRole" | "isProviderOnline" | "latitude" | "longitude" | "providerCategories">,
): Promise<NearbyJob[]> {
  if (!isOnlineProvider(actor)) return [];
  return listAvailableJobs(await getDb(), actor);
}

/** A job as the actor may see it (decision 0039: a posted job's area unless theirs; 404 once taken, to strangers). */
export async function jobFor(actor: Pick<User, "id">, jobId: string) {
  const job = await getJobForViewer(await getDb(), jobId, actor.id);
  if (!job) throw notFound("Job not found");
  return job;
}

/** What the viewer of a job may do there, decided once here from the job process and read by the pages. */
export interface JobActions {
  isOwner: boolean;
  canAccept: boolean;
  /** Why a provider may not accept it, when it is their own situation (cancelled before, offline, too far). */
  acceptBlocked: string | null;
  canCancel: boolean;
}

/**
 * The job's actions for the viewer. Accepting is decided from `facts`, what the database says of this provider and
 * this job (the same conditions the accept's update has); without them (not a provider) there is nothing to accept.
 */
export function jobActions(
  viewer: Pick<User, "id" | "currentRole">,
  job: Pick<Job, "seekerId" | "status">,
  facts: AcceptanceFacts | null,
): JobActions {
  const mayTryAccepting = viewer.currentRole === ACCEPT_JOB.by && facts !== null;
  const refused = mayTryAccepting ? acceptRefusal(facts) : null;
  return {
    isOwner: job.seekerId === viewer.id,
    canAccept: mayTryAccepting && refused === null,
    acceptBlocked: refused?.shownOnPage ? refused.message : null,
    canCancel: mayCancelJob(viewer.id, job),
  };
}

/**
 * The job page's data: the job as the actor may see it (null when not), what the actor saved, what they may do
 * there (for a provider, from the database's facts: online, within reach, not cancelled before) and, for a
 * provider, how far it is from where they are: to the point they are shown (its area's, unless it is theirs).
 */
export async function jobPage(
  actor: Pick<User, "id" | "currentRole" | "latitude" | "longitude">,
  jobId: string,
): Promise<{ job: JobWithSeeker | null; saved: SavedIds; actions: JobActions | null; distance: number | null }> {
  const db = await getDb();
  const isProvider = actor.currentRole === ACCEPT_JOB.by;
  const [job, saved, standing] = await Promise.all([
    getJobForViewer(db, jobId, actor.id),
    loadSavedIds(db, actor),
    isProvider ? providerStanding(db, actor.id) : null,
  ]);
  if (!job) return { job, saved, actions: null, distance: null };
  const facts = standing ? await acceptanceFacts(db, job.id, actor.id, standing) : null;
  const distance = isProvider ? distanceMiles(providerCenter(actor), { latitude: Number(job.latitude), longitude: Number(job.longitude) }) : null;
  return { job, saved, actions: jobActions(actor, job, facts), distance };
}
