import type { Route } from "./+types/providers.available";
import { availableProviders, availableProvidersInput } from "~/operations/providers.server";
import { apiError, describeIssues, json, requireApiUser } from "~/services/api.server";
import { readOnly } from "~/services/operation-answers.server";

/**
 * Online providers offering a category. The spec's client puts the category in
 * its query key, and its default read joins the key with a slash
 * (/api/providers/available/repair); ?categoryId=repair is served too.
 */
export async function availableProvidersResponse(context: Route.LoaderArgs["context"], categoryId: unknown): Promise<Response> {
  await requireApiUser(context);
  const parsed = availableProvidersInput.safeParse({ categoryId });
  if (!parsed.success) return apiError(400, describeIssues(parsed.error));
  return json(await availableProviders(parsed.data.categoryId));
}

/** GET /api/providers/available?categoryId= */
export async function loader({ request, context }: Route.LoaderArgs) {
  return availableProvidersResponse(context, new URL(request.url).searchParams.get("categoryId") ?? undefined);
}

export const action = readOnly;
