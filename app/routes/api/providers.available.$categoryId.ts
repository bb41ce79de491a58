import type { Route } from "./+types/providers.available.$categoryId";
import { availableProvidersResponse } from "./providers.available";
import { readOnly } from "~/services/operation-answers.server";

/** GET /api/providers/available/:categoryId: the spec client's default read of the same list. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return availableProvidersResponse(context, params.categoryId);
}

export const action = readOnly;
