import { userAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";

/** GET /api/auth/user: the signed-in user (their own full record), 401 when signed out. */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "The signed-in user",
    answers: [jsonAnswer(userAnswer, "The user's own record.")],
    handle: ({ user }) => user,
  }),
});
