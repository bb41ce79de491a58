import type { Route } from "./+types/users.$id";
import { getPublicProvider } from "~/models/provider.server";
import { apiError, json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/users/:id: a user's public provider fields (never email or phone). */
export async function loader({ params, context }: Route.LoaderArgs) {
  await requireApiUser(context);
  const provider = await getPublicProvider(await getDb(), params.id);
  if (!provider) return apiError(404, "User not found");
  return json(provider);
}
