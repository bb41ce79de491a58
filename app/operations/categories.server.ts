import "server-only";
import { listCategories, type Category } from "~/models/category.server";
import { getDb } from "~/infra/db.server";

/** The service categories (spec §3: id, name, icon, description). */
export async function categories(): Promise<Category[]> {
  return listCategories(await getDb());
}
