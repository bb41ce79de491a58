import { asc } from "drizzle-orm";
import type { Route } from "./+types/categories";
import { serviceCategories } from "../../../db/schema.ts";
import { json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/categories: id, name, icon, description. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireApiUser(context);
  const db = await getDb();
  const rows = await db
    .select({ id: serviceCategories.id, name: serviceCategories.name, icon: serviceCategories.icon, description: serviceCategories.description })
    .from(serviceCategories)
    .orderBy(asc(serviceCategories.createdAt));
  return json(rows, { headers: { "Cache-Control": "private, max-age=300" } });
}
