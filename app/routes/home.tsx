import type { Route } from "./+types/home";
import { LandingPage } from "~/components/landing-page";
import { expandedLists } from "~/components/provider/dashboard-sections";
import { ProviderDashboard } from "~/components/provider/provider-dashboard";
import { SeekerHome } from "~/components/seeker/seeker-home";
import { getCurrentUser } from "~/services/request-session.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return { user: await getCurrentUser(context), expanded: expandedLists(new URL(request.url)) };
}

/** Signed out: the landing page. Signed in: the seeker home or the provider dashboard, by current role. */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { user, expanded } = loaderData;
  if (!user) return <LandingPage />;
  return user.currentRole === "seeker" ? <SeekerHome user={user} /> : <ProviderDashboard user={user} expanded={expanded} />;
}
