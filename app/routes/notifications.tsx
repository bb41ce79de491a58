import type { Route } from "./+types/notifications";
import { requireUser } from "~/services/request-session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  return null;
}

export function ServerComponent() {
  return <main className="mx-auto max-w-6xl px-4 py-8">Coming soon</main>;
}
