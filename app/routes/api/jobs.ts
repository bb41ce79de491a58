import type { Route } from "./+types/jobs";
import { jobInput, postJob } from "~/operations/jobs.server";
import { apiError, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { answerJson } from "~/services/operation-answers.server";

/** POST /api/jobs: posts a job for the signed-in user; 201 with the job. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  const input = await parseJson(request, jobInput);
  return answerJson(() => postJob(user, input), { status: 201 });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
