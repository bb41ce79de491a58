import type { Route } from "./+types/home";
import { LandingPage } from "~/components/landing-page";
import { getCurrentUser } from "~/services/request-session.server";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context);
  return { role: user?.currentRole ?? null };
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  if (!loaderData.role) return <LandingPage />;
  if (loaderData.role === "seeker") {
    return (
      <main className="mx-auto max-w-6xl px-4 py-8">
        <title>Nearhand</title>
        <h1 className="text-2xl font-bold">What help do you need?</h1>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <title>Provider dashboard | Nearhand</title>
      <h1 className="text-2xl font-bold">Provider dashboard</h1>
    </main>
  );
}
