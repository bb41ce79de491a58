// The facts a provider's Accept is decided on (lib/job-process), drawn at random, and what the provider is told
// when it is their own situation that stops them: the job was withdrawn from them, they are offline, it is out of reach.
import fc from "fast-check";

import { GO_ONLINE_TO_ACCEPT, JOB_CANCELLED_BEFORE, JOB_OUT_OF_REACH, type AcceptanceFacts } from "~/lib/job-process";
import { JOB_STATUSES } from "~/lib/statuses";

export const acceptanceFacts = fc.record<AcceptanceFacts>({
  status: fc.constantFrom(...JOB_STATUSES),
  // A request is answered on its booking, never accepted as a job: its own case (tests of requests).
  requestedOfMe: fc.constant(false),
  own: fc.boolean(),
  withdrawn: fc.boolean(),
  online: fc.boolean(),
  withinReach: fc.boolean(),
});

/** The first of the provider's own conditions that fails, in the model's order; null when all hold. */
export function ownSituationRefusal(f: AcceptanceFacts): string | null {
  return f.withdrawn ? JOB_CANCELLED_BEFORE : !f.online ? GO_ONLINE_TO_ACCEPT : !f.withinReach ? JOB_OUT_OF_REACH : null;
}
