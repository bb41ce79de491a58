import type { Route } from "./+types/messages.$bookingId";
import { openThread } from "~/models/message.server";
import { domainCall, json, requireApiUser } from "~/services/api.server";
import { getDb } from "~/services/db.server";

/** GET /api/messages/:bookingId: the thread, oldest first (marks received messages read). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  const db = await getDb();
  return json(await domainCall(() => openThread(db, params.bookingId, user.id)));
}
