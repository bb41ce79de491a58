import { Briefcase, Heart, Search, Users } from "~/components/icons";
import { EmptyState } from "~/components/empty-state";
import { Link } from "react-router";
import type { Route } from "./+types/favorites";
import { ProviderCard } from "~/components/favorites/provider-card";
import { JobCard } from "~/components/job-card";
import { favoritesPage } from "~/operations/favorites.server";
import { requireUser } from "~/services/request-session.server";

type Tab = "providers" | "jobs";

function parseTab(value: string | null): Tab {
  return value === "jobs" ? "jobs" : "providers";
}

function tabHref(tab: Tab): string {
  return `/favorites?tab=${tab}`;
}

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
                    active
                      ? "border-brand-600 text-brand-700"
                      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
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
      {tab === "providers" ? (
        providers.length === 0 ? (
          <EmptyState
            icon={<Users className="mx-auto h-10 w-10 text-slate-400" aria-hidden />}
            title="No saved providers yet"
            text="Tap the heart on a provider while posting a job to keep them here."
            action={{ href: "/post-job", label: "Find providers", icon: <Search className="h-4 w-4" aria-hidden /> }}
            testId="favorites-empty-providers"
          />
        ) : (
          <ul className="mt-6 grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="saved-providers">
            {providers.map(({ provider, role }) => (
              <li key={provider.id}>
                <ProviderCard provider={provider} favorited favoriteRole={role} href={`/providers/${provider.id}`} />
              </li>
            ))}
          </ul>
        )
      ) : jobs.length === 0 ? (
        <EmptyState
          icon={<Briefcase className="mx-auto h-10 w-10 text-slate-400" aria-hidden />}
          title="No saved jobs yet"
          text="Tap the heart on a job card to keep it here."
          action={{ href: "/", label: "Find jobs", icon: <Search className="h-4 w-4" aria-hidden /> }}
          testId="favorites-empty-jobs"
        />
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="saved-jobs">
          {jobs.map(({ job, role }) => (
            <li key={job.id}>
              <JobCard job={job} favorited favoriteRole={role} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
