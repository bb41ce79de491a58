export { sessionUser } from "../../shared/session.ts";
export { availableJobs, seekerHome } from "../../shared/queries.ts";
