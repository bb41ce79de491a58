import type { Route } from "./+types/categories";
import { categories } from "~/operations/categories.server";
import { json, requireApiUser } from "~/services/api.server";
import { readOnly } from "~/services/operation-answers.server";

/** GET /api/categories: id, name, icon, description. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireApiUser(context);
  return json(await categories(), { headers: { "Cache-Control": "private, max-age=300" } });
}

export const action = readOnly;
