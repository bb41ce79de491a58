import type { Route } from "./+types/users.$id";
import { publicProvider } from "~/operations/providers.server";
import { requireApiUser } from "~/services/api.server";
import { answerJson, readOnly } from "~/services/operation-answers.server";

/** GET /api/users/:id: a user's public provider fields (never email or phone). */
export async function loader({ params, context }: Route.LoaderArgs) {
  await requireApiUser(context);
  return answerJson(() => publicProvider(params.id));
}

export const action = readOnly;
