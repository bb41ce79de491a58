import { z } from "zod";
import type { Route } from "./+types/providers.available";
import { jobFieldRules } from "~/lib/schemas/job";
import { listAvailableProviders } from "~/models/provider.server";
import { json, parseQuery, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

const querySchema = z.object({ categoryId: jobFieldRules.categoryId });

/** GET /api/providers/available?categoryId=: online providers offering the category. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApiUser(context);
  const { categoryId } = parseQuery(request, querySchema);
  return json(await listAvailableProviders(await getDb(), categoryId));
}
