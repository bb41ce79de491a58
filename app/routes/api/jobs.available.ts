import type { Route } from "./+types/jobs.available";
import { availableJobs } from "~/operations/jobs.server";
import { json, requireApiUser } from "~/services/api.server";
import { readOnly } from "~/services/operation-answers.server";

/** GET /api/jobs/available: nearby posted jobs, for an online provider; an empty list otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await availableJobs(user));
}

export const action = readOnly;
