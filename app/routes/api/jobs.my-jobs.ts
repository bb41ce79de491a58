import { jobWithSeekerAnswer } from "~/http/api-answers.server";
import { apiRoute, callersList } from "~/http/api-route.server";
import { myJobs } from "~/operations/jobs.server";

/** GET /api/jobs/my-jobs: the signed-in user's posted jobs, newest first. */
export const { endpoints, loader, action } = apiRoute({
  get: callersList({
    summary: "The caller's posted jobs",
    item: jobWithSeekerAnswer,
    list: "The caller's jobs, newest first (at most 200).",
    handle: myJobs,
  }),
});
