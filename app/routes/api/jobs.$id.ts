import type { Route } from "./+types/jobs.$id";
import { getJobWithSeeker } from "~/models/job.server";
import { apiError, json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/jobs/:id: the job with its seeker (public fields). */
export async function loader({ params, context }: Route.LoaderArgs) {
  await requireApiUser(context);
  const job = await getJobWithSeeker(await getDb(), params.id);
  if (!job) return apiError(404, "Job not found");
  return json(job);
}
