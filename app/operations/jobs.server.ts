import "server-only";
import { JOB_IMAGE_MAX_BYTES } from "~/lib/uploads";
import { cancelJob as storeCancellation, createJob, createJobSchema, type Job, type NewJob } from "~/models/job.server";
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
