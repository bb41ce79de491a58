import type { Route } from "./+types/jobs.my-jobs";
import { listSeekerJobs } from "~/models/job.server";
import { json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/jobs/my-jobs: the signed-in user's posted jobs, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await listSeekerJobs(await getDb(), user.id));
}
