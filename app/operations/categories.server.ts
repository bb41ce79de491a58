import "server-only";

import { getDb } from "~/infra/db.server";
import { listCategories, type Category } from "~/models/category.server";

/** The service categories (spec §3: id, name, icon, description). */
export async function categories(): Promise<Category[]> {
  return listCategories(await getDb());
}
