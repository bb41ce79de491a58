import { apiRoute, endpoint } from "~/http/api-route.server";
import { availableProvidersInput } from "~/operations/providers.server";
import { availableProvidersAnswers, availableProvidersResponse } from "~/routes/api/providers.available";

/** GET /api/providers/available/:categoryId: the spec client's default read of the same list. */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "Online providers of a category (the spec client's default read)",
    params: availableProvidersInput,
    ...availableProvidersAnswers,
    handle: ({ user, params }) => availableProvidersResponse(user, params.categoryId),
  }),
});
