import { userAnswer } from "~/http/api-answers.server";
import { apiAction, apiLoader, endpoint, jsonAnswer, type Endpoints } from "~/http/api-route.server";

/** GET /api/auth/user: the signed-in user (their own full record), 401 when signed out. */
export const endpoints: Endpoints = {
  get: endpoint({
    summary: "The signed-in user",
    signedIn: true,
    answers: [jsonAnswer(userAnswer, "The user's own record.")],
    handle: ({ user }) => user,
  }),
};

export const loader = apiLoader(endpoints);
export const action = apiAction(endpoints);
