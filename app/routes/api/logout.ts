import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endUserSession } from "~/services/request-session.server";

/** GET /api/logout: ends the session (its row is deleted) and returns to the landing page. */
export async function loader({ context }: Route.LoaderArgs) {
  return redirect("/", { headers: { "Set-Cookie": await endUserSession(context) } });
}
