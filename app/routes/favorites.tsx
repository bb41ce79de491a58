import { createElement } from "react";
import { Link } from "react-router";

import { EmptyState } from "~/components/empty-state";
import { ProviderCard } from "~/components/favorites/provider-card";
import { Briefcase, Heart, Search, Users, type IconComponent } from "~/components/icons";
import { JobCard } from "~/components/job-card";
import { requireUser } from "~/http/request-session.server";
import { favoritesPage } from "~/operations/favorites.server";

import type { Route } from "./+types/favorites";

type Tab = "providers" | "jobs";

function parseTab(value: string | null): Tab {
  return value === "jobs" ? "jobs" : "providers";
}

function tabHref(tab: Tab): string {
  return `/favorites?tab=${tab}`;
}

const EMPTY_ICONS: Record<Tab, IconComponent> = { providers: Users, jobs: Briefcase };
const EMPTY_STATES: Record<Tab, { title: string; text: string; action: { href: string; label: string } }> = {
  providers: {
    title: "No saved providers yet",
    text: "Tap the heart on a provider in the directory or while posting a job to keep them here.",
    action: { href: "/providers", label: "Find providers" },
  },
  jobs: {
    title: "No saved jobs yet",
    text: "Tap the heart on a job card to keep it here.",
    action: { href: "/", label: "Find jobs" },
  },
};
const LIST_GAPS: Record<Tab, string> = { providers: "gap-3", jobs: "gap-4" };

/**
 * The user's saved providers and jobs, newest first, whichever role they were
 * saved with. Favorites whose target no longer exists, or is no longer the
 * user's to see (a job taken by someone else: decision 0039), are left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const tab = parseTab(new URL(request.url).searchParams.get("tab"));
  return { tab, ...(await favoritesPage(user)) };
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { tab, providers, jobs } = loaderData;
  const tabs: Array<{ id: Tab; label: string; count: number }> = [
    { id: "providers", label: "Saved Providers", count: providers.length },
    { id: "jobs", label: "Saved Jobs", count: jobs.length },
  ];
  const cards =
    tab === "providers"
      ? providers.map(({ provider, role }) => ({
          key: provider.id,
          card: <ProviderCard provider={provider} favorited favoriteRole={role} href={`/providers/${provider.id}`} />,
        }))
      : jobs.map(({ job, role }) => ({ key: job.id, card: <JobCard job={job} favorited favoriteRole={role} /> }));
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <title>{`Favorites (${tab === "jobs" ? "Jobs" : "Providers"}) | Nearhand`}</title>
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900 md:text-3xl">
        <Heart className="h-6 w-6 fill-red-500 text-red-500" aria-hidden />
        Favorites
      </h1>
      <p className="mt-1 text-slate-600">Providers and jobs you saved, in one place.</p>

      <nav aria-label="Favorites" className="-mx-4 mt-6 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 border-b border-slate-200">
          {tabs.map((item) => {
            const active = item.id === tab;
            return (
              <li key={item.id}>
                <Link
                  to={tabHref(item.id)}
                  aria-current={active ? "page" : undefined}
                  data-testid={`favorites-tab-${item.id}`}
                  className={`-mb-px inline-flex items-center whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${
                    active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                  }`}
                >
                  {`${item.label} (${item.count})`}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <h2 className="sr-only">{tab === "jobs" ? "Saved jobs" : "Saved providers"}</h2>
      {cards.length === 0 ? (
        <EmptyState
          {...EMPTY_STATES[tab]}
          icon={createElement(EMPTY_ICONS[tab], { className: "mx-auto h-10 w-10 text-slate-400", "aria-hidden": true })}
          action={{ ...EMPTY_STATES[tab].action, icon: <Search className="h-4 w-4" aria-hidden /> }}
          testId={`favorites-empty-${tab}`}
        />
      ) : (
        <ul className={`mt-6 grid grid-cols-1 md:grid-cols-2 ${LIST_GAPS[tab]}`} data-testid={`saved-${tab}`}>
          {cards.map(({ key, card }) => (
            <li key={key}>{card}</li>
          ))}
        </ul>
      )}
    </main>
  );
}
