import { userAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";
import { availabilityInput, setAvailability } from "~/operations/availability.server";

/** POST /api/users/toggle-online {isOnline} */
export const endpoints: Endpoints = {
  post: endpoint({
    summary: "Go online or offline as a provider",
    signedIn: true,
    body: availabilityInput,
    answers: [jsonAnswer(userAnswer, "The updated user.")],
    refusals: { 403: "Only providers can go online." },
    handle: ({ user, body }) => setAvailability(user, body),
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
