import { userDossierAnswer } from "~/http/admin-answers.server";
import { apiRoute, endpoint, idParam, jsonAnswer } from "~/http/api-route.server";
import { notFound } from "~/lib/errors";
import { userDossier } from "~/operations/user-lookup.server";
import { NOT_AN_OPERATOR } from "~/routes/api/admin.users";

/** GET /api/admin/users/:id: a user as the console shows them (operators only). */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "A user with their jobs, bookings, reviews, reports and the actions taken (operators only)",
    operatorsOnly: true,
    params: idParam("user"),
    answers: [jsonAnswer(userDossierAnswer, "The user and everything by and about them.")],
    refusals: { 404: NOT_AN_OPERATOR },
    handle: async ({ params }) => (await userDossier(params.id)) ?? Promise.reject(notFound("User not found")),
  }),
});
