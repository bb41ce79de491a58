import { favoriteAnswer, favoriteRemovedAnswer } from "~/http/api-answers.server";
import { apiRoute, callersList, endpoint, jsonAnswer } from "~/http/api-route.server";
import { favoriteInput, savedFavorites, saveFavorite, unsaveFavorite } from "~/operations/favorites.server";

export const { endpoints, loader, action } = apiRoute({
  /** GET /api/favorites: the user's own favorites. */
  get: callersList({
    summary: "The caller's favorites",
    item: favoriteAnswer,
    list: "Newest first, whichever role they were saved with.",
    handle: savedFavorites,
  }),
  /** POST /api/favorites adds (idempotent, 201). */
  post: endpoint({
    summary: "Save a provider or job",
    description: "Saving one that is saved already answers the same favorite.",
    body: favoriteInput,
    answers: [jsonAnswer(favoriteAnswer, "The favorite.", 201)],
    refusals: { 404: "Provider not found, or Job not found." },
    handle: ({ user, body }) => saveFavorite(user, body),
  }),
  /** DELETE /api/favorites removes (idempotent, 200). */
  delete: endpoint({
    summary: "Remove a saved provider or job",
    description: "Removing one that is not there is no error.",
    body: favoriteInput,
    answers: [jsonAnswer(favoriteRemovedAnswer, "Whether it was there.")],
    handle: async ({ user, body }) => ({ removed: await unsaveFavorite(user, body) }),
  }),
});
