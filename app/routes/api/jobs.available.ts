import { nearbyJobAnswer } from "~/http/api-answers.server";
import { apiRoute, callersList } from "~/http/api-route.server";
import { availableJobs } from "~/operations/jobs.server";

/** GET /api/jobs/available: nearby posted jobs, for an online provider; an empty list otherwise. */
export const { endpoints, loader, action } = apiRoute({
  get: callersList({
    summary: "Posted jobs near an online provider",
    item: nearbyJobAnswer,
    list: "Nearby posted jobs for an online provider (the provider's categories first, then urgent, nearest, newest); an empty list for anyone else.",
    handle: availableJobs,
  }),
});
