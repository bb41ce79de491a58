import type { Route } from "./+types/home";
import { LandingPage } from "~/components/landing-page";
import { ProviderDashboard } from "~/components/provider/provider-dashboard";
import { SeekerHome } from "~/components/seeker/seeker-home";
import { getCurrentUser } from "~/services/request-session.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const showAllActiveJobs = new URL(request.url).searchParams.get("activeJobs") === "all";
  return { user: await getCurrentUser(context), showAllActiveJobs };
}

/** Signed out: the landing page. Signed in: the seeker home or the provider dashboard, by current role. */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { user, showAllActiveJobs } = loaderData;
  if (!user) return <LandingPage />;
  return user.currentRole === "seeker" ? <SeekerHome user={user} /> : <ProviderDashboard user={user} showAllActiveJobs={showAllActiveJobs} />;
}
