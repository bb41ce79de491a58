import type { Route } from "./+types/favorites";
import { addFavorite, favoriteSchema, listFavorites, removeFavorite } from "~/models/favorite.server";
import { domainCall, json, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/favorites: the user's own favorites. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await listFavorites(await getDb(), user.id));
}

/** POST /api/favorites adds (idempotent, 201), DELETE /api/favorites removes (idempotent, 200). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST", "DELETE");
  const user = await requireApiUser(context);
  const input = await parseJson(request, favoriteSchema);
  const db = await getDb();
  if (request.method === "DELETE") return json({ removed: await removeFavorite(db, user.id, input) });
  return json(await domainCall(() => addFavorite(db, user.id, input)), { status: 201 });
}
