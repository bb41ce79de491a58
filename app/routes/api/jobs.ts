import { jobAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { jobInput, postJob } from "~/operations/jobs.server";

/** POST /api/jobs: posts a job for the signed-in user; 201 with the job. */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Post a job",
    description:
      "Location: typed text that resolves, else the coordinates, else 'New York, NY'. An `imageUrl` must be the caller's own upload, an image of at most 5 MiB.",
    body: jobInput,
    answers: [jsonAnswer(jobAnswer, "The posted job; online providers nearby are notified.", 201)],
    refusals: {
      400: "The image is not the caller's upload, is larger than 5 MiB or is not an image.",
      429: "Too many jobs posted: try again after Retry-After seconds.",
    },
    handle: ({ user, body }) => postJob(user, body),
  }),
});
