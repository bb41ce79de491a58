import { providerSearchPageAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { parseQuery } from "~/http/api.server";
import { providerSearchParams, providerSearchQuery } from "~/lib/schemas/provider-search";
import { findProviders } from "~/operations/providers.server";

/** GET /api/providers?q=&category=&online=&near=&minRating=&maxRate=&sort=&after=: the provider directory (issue 33 §1). */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "Search the provider directory",
    description:
      "Everyone who offers a service but the caller, searched by name (misspelt too), categories, bio and received reviews, filtered and sorted; 20 a page, the next after `next` (decision 0072).",
    query: providerSearchParams,
    answers: [jsonAnswer(providerSearchPageAnswer, "One page of providers, in the order asked, and the cursor of the next.")],
    refusals: { 400: "A query value is out of range, or `after` is not a cursor of this search." },
    handle: ({ request, user }) => findProviders(user, parseQuery(request, providerSearchQuery)),
  }),
});
