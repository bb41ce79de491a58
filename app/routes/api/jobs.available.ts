import type { Route } from "./+types/jobs.available";
import { listAvailableJobs } from "~/models/job.server";
import { json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/jobs/available: nearby posted jobs, for an online provider; an empty list otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  if (user.currentRole !== "provider" || !user.isProviderOnline) return json([]);
  return json(await listAvailableJobs(await getDb(), user));
}
