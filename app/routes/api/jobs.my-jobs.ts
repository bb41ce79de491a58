import type { Route } from "./+types/jobs.my-jobs";
import { myJobs } from "~/operations/jobs.server";
import { json, requireApiUser } from "~/services/api.server";
import { readOnly } from "~/services/operation-answers.server";

/** GET /api/jobs/my-jobs: the signed-in user's posted jobs, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await myJobs(user));
}

export const action = readOnly;
