import "server-only";
import { JOB_IMAGE_MAX_BYTES } from "~/lib/uploads";
import type { SavedIds } from "~/components/favorites/saved.server";
import { notFound } from "~/models/errors";
import {
  cancelJob as storeCancellation,
  countSeekerJobsByStatus,
  createJob,
  createJobSchema,
  getJobForViewer,
  hasWithdrawnFrom,
  listAvailableJobs,
  listSeekerJobs,
  type Job,
  type JobStatus,
  type NearbyJob,
  type NewJob,
} from "~/models/job.server";
import { loadSavedIds } from "~/operations/favorites.server";
import type { User } from "~/models/user.server";
import { getDb } from "~/services/db.server";
import { verifyUploadedImage } from "~/services/image-upload.server";
import { spendRateLimit, userKey } from "~/services/rate-limit.server";

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
  return createJob(await getDb(), actor.id, { ...input, imageUrl });
}

/** The seeker withdraws a job that is still posted (409 once accepted; 404 for anyone else's). */
export async function cancelJob(actor: Pick<User, "id">, jobId: string): Promise<Job> {
  return storeCancellation(await getDb(), actor.id, jobId);
}

/** The actor's own jobs, newest first, optionally of one status (GET /api/jobs/my-jobs). */
export async function myJobs(actor: Pick<User, "id">, status?: JobStatus) {
  return listSeekerJobs(await getDb(), actor.id, status ? { status } : {});
}

/** The my-jobs page: the jobs of the tab, the count of each status, and what the actor saved. */
export async function myJobsPage(actor: Pick<User, "id" | "currentRole">, status?: JobStatus) {
  const db = await getDb();
  const [jobs, counts, saved] = await Promise.all([listSeekerJobs(db, actor.id, status ? { status } : {}), countSeekerJobsByStatus(db, actor.id), loadSavedIds(db, actor)]);
  return { jobs, counts, saved };
}

/** Posted jobs near an online provider (spec §7: only while online); nobody else gets any. */
export async function availableJobs(actor: Pick<User, "id" | "currentRole" | "isProviderOnline" | "latitude" | "longitude" | "providerCategories">): Promise<NearbyJob[]> {
  if (actor.currentRole !== "provider" || !actor.isProviderOnline) return [];
  return listAvailableJobs(await getDb(), actor);
}

/** A job as the actor may see it (decision 0039: a posted job's area unless theirs; 404 once taken, to strangers). */
export async function jobFor(actor: Pick<User, "id">, jobId: string) {
  const job = await getJobForViewer(await getDb(), jobId, actor.id);
  if (!job) throw notFound("Job not found");
  return job;
}

/** The job page's data: the job as the actor may see it (null when not), what the actor saved, and whether they cancelled it before. */
export async function jobPage(
  actor: Pick<User, "id" | "currentRole">,
  jobId: string,
): Promise<{ job: Awaited<ReturnType<typeof getJobForViewer>>; saved: SavedIds; cancelledBefore: boolean }> {
  const db = await getDb();
  const [job, saved, cancelledBefore] = await Promise.all([
    getJobForViewer(db, jobId, actor.id),
    loadSavedIds(db, actor),
    actor.currentRole === "provider" ? hasWithdrawnFrom(db, jobId, actor.id) : false,
  ]);
  return { job, saved, cancelledBefore };
}
