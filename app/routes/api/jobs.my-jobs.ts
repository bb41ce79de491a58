import { z } from "zod";

import { jobWithSeekerAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { myJobs } from "~/operations/jobs.server";

/** GET /api/jobs/my-jobs: the signed-in user's posted jobs, newest first. */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "The caller's posted jobs",
    signedIn: true,
    answers: [jsonAnswer(z.array(jobWithSeekerAnswer), "The caller's jobs, newest first (at most 200).")],
    handle: ({ user }) => myJobs(user),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
