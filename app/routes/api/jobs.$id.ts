import type { Route } from "./+types/jobs.$id";
import { jobFor } from "~/operations/jobs.server";
import { requireApiUser } from "~/services/api.server";
import { answerJson, readOnly } from "~/services/operation-answers.server";

/**
 * GET /api/jobs/:id: the job with its seeker (public fields), as the caller may
 * see it: a posted job with its area only unless it is theirs, a job no longer
 * posted only by its parties (404 to anyone else; decision 0039).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return answerJson(() => jobFor(user, params.id));
}

export const action = readOnly;
