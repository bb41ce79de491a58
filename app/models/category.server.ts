import "server-only";

import { asc } from "drizzle-orm";

import { serviceCategories } from "#db/schema.ts";
import type { Executor } from "~/infra/db.server";

export interface Category {
  id: string;
  name: string;
  icon: string;
  description: string | null;
}

/** The service categories (spec §3: id, name, icon, description), in the order they were created. */
export async function listCategories(db: Executor): Promise<Category[]> {
  return db
    .select({ id: serviceCategories.id, name: serviceCategories.name, icon: serviceCategories.icon, description: serviceCategories.description })
    .from(serviceCategories)
    .orderBy(asc(serviceCategories.createdAt));
}
