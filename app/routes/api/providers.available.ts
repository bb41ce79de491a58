import { z } from "zod";

import { publicProviderAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer, type EndpointDoc } from "~/http/api-route.server";
import { apiError, json } from "~/http/api.server";
import { describeIssues } from "~/lib/input-issues";
import { availableProviders, availableProvidersInput } from "~/operations/providers.server";

/**
 * Online providers offering a category. The spec's client puts the category in
 * its query key, and its default read joins the key with a slash
 * (/api/providers/available/repair); ?categoryId=repair is served too.
 */
export async function availableProvidersResponse(viewer: { id: string }, categoryId: unknown): Promise<Response> {
  const parsed = availableProvidersInput.safeParse({ categoryId });
  if (!parsed.success) return apiError(400, describeIssues(parsed.error));
  return json(await availableProviders(viewer, parsed.data.categoryId));
}

/** What both reads of the list answer (providers.available.$categoryId.ts is the other). */
export const availableProvidersAnswers = {
  answers: [jsonAnswer(z.array(publicProviderAnswer), "Online providers offering the category, best rated first.")],
  refusals: { 400: "categoryId is not one of the six categories." },
} satisfies Partial<EndpointDoc>;

/** GET /api/providers/available?categoryId= */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "Online providers of a category",
    query: availableProvidersInput,
    ...availableProvidersAnswers,
    handle: ({ user, request }) => availableProvidersResponse(user, new URL(request.url).searchParams.get("categoryId") ?? undefined),
  }),
});
