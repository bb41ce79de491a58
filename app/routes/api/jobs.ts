import { jobInput, postJob } from "~/operations/jobs.server";
import { jsonWrite, writeOnly } from "~/services/operation-answers.server";

/** POST /api/jobs: posts a job for the signed-in user; 201 with the job. */
export const action = jsonWrite(jobInput, postJob, { status: 201 });

export const loader = writeOnly;
