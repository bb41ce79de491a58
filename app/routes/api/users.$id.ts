import { providerDetailsAnswer } from "~/http/api-answers.server";
import { apiRoute, byId, jsonAnswer } from "~/http/api-route.server";
import { publicProvider } from "~/operations/providers.server";

/** GET /api/users/:id: a user's public provider fields (never email or phone). */
export const { endpoints, loader, action } = apiRoute({
  get: byId("user", {
    summary: "A user's public provider fields",
    answer: jsonAnswer(providerDetailsAnswer, "The provider's public fields and their recent cancellations after accepting."),
    notFound: "User not found.",
    handle: (_caller, id) => publicProvider(id),
  }),
});
