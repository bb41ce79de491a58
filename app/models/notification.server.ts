import "server-only";
import { and, count, eq } from "drizzle-orm";
import { notifications } from "../../db/schema.ts";
import type { Executor } from "../services/db.server";

export async function countUnreadNotifications(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}
