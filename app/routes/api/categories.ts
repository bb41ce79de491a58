import type { Route } from "./+types/categories";
import { listCategories } from "~/models/category.server";
import { json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/categories: id, name, icon, description. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireApiUser(context);
  return json(await listCategories(await getDb()), { headers: { "Cache-Control": "private, max-age=300" } });
}
