import { providerDetailsAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, idParam, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { publicProvider } from "~/operations/providers.server";

/** GET /api/users/:id: a user's public provider fields (never email or phone). */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "A user's public provider fields",
    signedIn: true,
    params: idParam("user"),
    answers: [jsonAnswer(providerDetailsAnswer, "The provider's public fields and their recent cancellations after accepting.")],
    refusals: { 404: "User not found." },
    handle: ({ params }) => publicProvider(params.id),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
