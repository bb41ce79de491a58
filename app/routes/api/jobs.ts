import type { Route } from "./+types/jobs";
import { createJob, createJobSchema } from "~/models/job.server";
import { apiError, json, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** POST /api/jobs: posts a job for the signed-in user; 201 with the job. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, createJobSchema);
  const job = await createJob(await getDb(), user.id, input);
  return json(job, { status: 201 });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
