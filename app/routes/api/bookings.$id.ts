import type { Route } from "./+types/bookings.$id";
import { bookingFor } from "~/operations/bookings.server";
import { requireApiUser } from "~/services/api.server";
import { answerJson, readOnly } from "~/services/operation-answers.server";

/** GET /api/bookings/:id: the booking with its job and both parties (public fields); 404 to anyone else. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return answerJson(() => bookingFor(user, params.id));
}

export const action = readOnly;
