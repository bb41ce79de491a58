import { redirect } from "react-router";
import type { Route } from "./+types/profile-photo";
import { requireUser } from "~/services/request-session.server";

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
