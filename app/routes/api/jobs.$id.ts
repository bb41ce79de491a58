import type { Route } from "./+types/jobs.$id";
import { getJobForViewer } from "~/models/job.server";
import { apiError, json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/**
 * GET /api/jobs/:id: the job with its seeker (public fields), as the caller may
 * see it: a posted job with its area only unless it is theirs, a job no longer
 * posted only by its parties (404 to anyone else; decision 0039).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  const job = await getJobForViewer(await getDb(), params.id, user.id);
  if (!job) return apiError(404, "Job not found");
  return json(job);
}
