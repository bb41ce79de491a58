import { jobWithSeekerAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, idParam, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { jobFor } from "~/operations/jobs.server";

/**
 * GET /api/jobs/:id: the job with its seeker (public fields), as the caller may
 * see it: a posted job with its area only unless it is theirs, a job no longer
 * posted only by its parties (404 to anyone else; decision 0039).
 */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "A job with its seeker",
    signedIn: true,
    params: idParam("job"),
    answers: [jsonAnswer(jobWithSeekerAnswer, "The job as the caller may see it (decision 0039).")],
    refusals: { 404: "Job not found: no such job, or one no longer posted that the caller has no part in." },
    handle: ({ user, params }) => jobFor(user, params.id),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
