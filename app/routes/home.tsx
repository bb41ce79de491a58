import { LandingPage } from "~/components/landing-page";
import { ProviderDashboard } from "~/components/provider/provider-dashboard";
import { SeekerHome } from "~/components/seeker/seeker-home";
import { documentRequestContext } from "~/http/document-request.server";
import { getCurrentUser } from "~/http/request-session.server";
import { expandedLists, providerDashboard } from "~/operations/provider-dashboard.server";
import { seekerHome } from "~/operations/seeker-home.server";

import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  // A document shows no skeleton (it waits for every section): only a client-side navigation's payload carries them.
  const skeletons = !context.get(documentRequestContext);
  return { user: await getCurrentUser(context), expanded: expandedLists(new URL(request.url)), skeletons };
}

/**
 * Signed out: the landing page. Signed in: the seeker home or the provider dashboard, by current role. Their data
 * starts loading here and streams into the page; the loader returns only what it needs to decide, since React
 * Router puts all loader data into the page's payload too.
 */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { user, expanded, skeletons } = loaderData;
  if (!user) return <LandingPage />;
  return user.currentRole === "seeker" ? (
    <SeekerHome data={seekerHome(user)} skeletons={skeletons} />
  ) : (
    <ProviderDashboard user={user} expanded={expanded} data={providerDashboard(user, expanded)} skeletons={skeletons} />
  );
}
