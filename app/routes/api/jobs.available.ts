import { z } from "zod";

import { nearbyJobAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { availableJobs } from "~/operations/jobs.server";

/** GET /api/jobs/available: nearby posted jobs, for an online provider; an empty list otherwise. */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "Posted jobs near an online provider",
    signedIn: true,
    answers: [
      jsonAnswer(
        z.array(nearbyJobAnswer),
        "Nearby posted jobs for an online provider (the provider's categories first, then urgent, nearest, newest); an empty list for anyone else.",
      ),
    ],
    handle: ({ user }) => availableJobs(user),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
