import { jobWithSeekerAnswer } from "~/http/api-answers.server";
import { apiRoute, byId, jsonAnswer } from "~/http/api-route.server";
import { jobFor } from "~/operations/jobs.server";

/**
 * GET /api/jobs/:id: the job with its seeker (public fields), as the caller may
 * see it: a posted job with its area only unless it is theirs, a job no longer
 * posted only by its parties (404 to anyone else; decision 0039).
 */
export const { endpoints, loader, action } = apiRoute({
  get: byId("job", {
    summary: "A job with its seeker",
    answer: jsonAnswer(jobWithSeekerAnswer, "The job as the caller may see it (decision 0039)."),
    notFound: "Job not found: no such job, or one no longer posted that the caller has no part in.",
    handle: jobFor,
  }),
});
