import { userAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { availabilityInput, setAvailability } from "~/operations/availability.server";

/** POST /api/users/toggle-online {isOnline} */
export const { endpoints, loader, action } = apiRoute({
  post: endpoint({
    summary: "Go online or offline as a provider",
    body: availabilityInput,
    answers: [jsonAnswer(userAnswer, "The updated user.")],
    refusals: { 403: "Only providers can go online." },
    handle: ({ user, body }) => setAvailability(user, body),
  }),
});
