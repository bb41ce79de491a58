import { EmptyState } from "~/components/empty-state";
import { providerCardData } from "~/components/favorites/provider-card";
import { DirectoryResultsView } from "~/components/favorites/provider-card-view";
import { heartProps } from "~/components/favorites/saved.server";
import { ArrowRight, Search, Users } from "~/components/icons";
import { DirectoryFilters } from "~/components/providers/directory-filters";
import { LoadMore } from "~/components/providers/load-more";
import { requireUser } from "~/http/request-session.server";
import { DomainError } from "~/lib/errors";
import { formatMiles } from "~/lib/geo";
import { describeIssues } from "~/lib/input-issues";
import { providerSearchQuery, type ProviderSearchQuery } from "~/lib/schemas/provider-search";
import { directoryPage } from "~/operations/provider-directory.server";

import type { Route } from "./+types/providers";

/**
 * The provider directory (issue 33 §1): search by name, skill or review words, filter and sort; every search is a
 * URL. A search the rules refuse shows why, with the form, and no results.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const pages = pagesShown(url.searchParams.get("pages"));
  const answer = { search: url.search, pages, viewerId: user.id };
  const parsed = providerSearchQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return { ...answer, query: {}, refused: describeIssues(parsed.error), page: null };
  try {
    return { ...answer, query: parsed.data, refused: null, page: await directoryPage(user, parsed.data, pages) };
  } catch (error) {
    if (error instanceof DomainError && error.kind === "invalid") return { ...answer, query: parsed.data, refused: error.message, page: null };
    throw error;
  }
}

/** Pages shown at once by "Load more" with JavaScript (`pages=`), at most 10 (200 providers); then it pages. */
const MAX_PAGES_SHOWN = 10;

function pagesShown(value: string | null): number {
  const pages = Number(value ?? 1);
  return Number.isInteger(pages) ? Math.min(Math.max(pages, 1), MAX_PAGES_SHOWN) : 1;
}

/** The URL of the next page: this search from the cursor on (no JavaScript, or past MAX_PAGES_SHOWN). */
function nextHref(search: string, cursor: string): string {
  const params = new URLSearchParams(search);
  params.delete("pages");
  params.set("after", cursor);
  return `/providers?${params}`;
}

/** The same search showing one page more (with JavaScript), or null when that would be more than MAX_PAGES_SHOWN. */
function moreHref(search: string, pages: number): string | null {
  if (pages >= MAX_PAGES_SHOWN) return null;
  const params = new URLSearchParams(search);
  params.set("pages", String(pages + 1));
  return `/providers?${params}`;
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { query, refused, page, search, pages, viewerId } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 md:py-10">
      <title>Find a provider | Nearhand</title>
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900 md:text-3xl">
        <Users className="h-6 w-6 text-brand-600" aria-hidden />
        Find a provider
      </h1>
      <p className="mt-1 text-slate-600">Search by name, skill or what their reviews say; compare ratings, rates and distance.</p>
      <DirectoryFilters query={query as Partial<ProviderSearchQuery>} />
      {refused ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="directory-refused">
          {refused}
        </p>
      ) : null}
      {page ? <Results page={page} search={search} pages={pages} viewerId={viewerId} /> : null}
    </main>
  );
}

function Results({
  page,
  search,
  pages,
  viewerId,
}: {
  page: Awaited<ReturnType<typeof directoryPage>>;
  search: string;
  pages: number;
  viewerId: string;
}) {
  if (page.providers.length === 0) {
    return (
      <EmptyState
        icon={<Search className="mx-auto h-10 w-10 text-slate-400" aria-hidden />}
        title="No providers match this search"
        text="Try fewer words, another category, a longer distance, a lower rating or no rate limit, or untick Online now."
        action={{ href: "/providers", label: "Clear the filters", icon: <ArrowRight className="h-4 w-4" aria-hidden /> }}
        testId="directory-empty"
      />
    );
  }
  return (
    <section aria-labelledby="directory-results-title" className="mt-6">
      <h2 id="directory-results-title" className="sr-only">
        Providers
      </h2>
      <DirectoryResultsView
        results={page.providers.map((provider) => ({
          card: providerCardData({ provider, ...heartProps(page.saved, "provider", provider.id), href: `/providers/${provider.id}` }),
          categories: provider.providerCategories,
          distance: provider.distanceMiles === null ? null : formatMiles(provider.distanceMiles),
        }))}
        viewerId={viewerId}
      />
      <LoadMore
        nextHref={page.next ? nextHref(search, page.next) : null}
        moreHref={moreHref(search, pages)}
        shown={page.providers.length}
        className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
        icon={<ArrowRight className="h-4 w-4" aria-hidden />}
      />
    </section>
  );
}
