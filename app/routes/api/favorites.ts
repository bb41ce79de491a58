import type { Route } from "./+types/favorites";
import { favoriteInput, saveFavorite, savedFavorites, unsaveFavorite } from "~/operations/favorites.server";
import { json, parseJson, requireApiUser, requireMethod } from "~/services/api.server";
import { answerJson } from "~/services/operation-answers.server";

/** GET /api/favorites: the user's own favorites. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return json(await savedFavorites(user));
}

/** POST /api/favorites adds (idempotent, 201), DELETE /api/favorites removes (idempotent, 200). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST", "DELETE");
  const user = await requireApiUser(context);
  const input = await parseJson(request, favoriteInput);
  if (request.method === "DELETE") return answerJson(async () => ({ removed: await unsaveFavorite(user, input) }));
  return answerJson(() => saveFavorite(user, input), { status: 201 });
}
