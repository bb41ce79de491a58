import type { Route } from "./+types/jobs";
import { createJob, createJobSchema } from "~/models/job.server";
import { JOB_IMAGE_MAX_BYTES } from "~/lib/uploads";
import { apiError, domainCall, json, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { verifyUploadedImage } from "~/services/image-upload.server";
import { getDb } from "~/services/db.server";
import { requireWithinRateLimit, userKey } from "~/services/rate-limit.server";

/** POST /api/jobs: posts a job for the signed-in user; 201 with the job. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, createJobSchema);
  const imageUrl = input.imageUrl ? await domainCall(() => verifyUploadedImage(input.imageUrl!, user.id, JOB_IMAGE_MAX_BYTES)) : null;
  await requireWithinRateLimit("jobs", userKey(user.id));
  const job = await createJob(await getDb(), user.id, { ...input, imageUrl });
  return json(job, { status: 201 });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
