import { Star } from "~/components/icons";
import { Suspense } from "react";
import { data } from "react-router";
import type { Route } from "./+types/provider-profile";
import { Avatar } from "~/components/avatar";
import { CategoryChips, PROFILE_CARD, RatingIcon, StatTile } from "~/components/profile/profile-parts";
import { ReceivedReviews, ReviewsSkeleton } from "~/components/profile/received-reviews";
import { receivedReviews } from "~/operations/reviews.server";
import { formatHourlyRate, formatRating } from "~/lib/format";
import { fullName } from "~/lib/user-display";
import { providerProfile } from "~/operations/providers.server";
import { requireUser } from "~/services/request-session.server";
import { NotFoundCard } from "~/components/not-found-card";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(context, request);
  const provider = await providerProfile(params.id);
  if (!provider) return data({ provider: null }, { status: 404 });
  return { provider };
}

/** A provider's public page (reached from provider cards and the booking page): public fields and received reviews. */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { provider } = loaderData;
  if (!provider) return <ProviderNotFound />;
  const name = fullName(provider);
  const hourlyRate = formatHourlyRate(provider.hourlyRate);
  return (
    <main className="mx-auto max-w-4xl px-4 py-6 md:py-10">
      <title>{`${name} | Nearhand`}</title>
      <header className={PROFILE_CARD}>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <Avatar user={provider} size="lg" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="break-words text-2xl font-bold text-slate-900" data-testid="provider-name">
                {name}
              </h1>
              {provider.isProviderOnline ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800" data-testid="online-badge">
                  <span className="h-2 w-2 rounded-full bg-green-500" aria-hidden />
                  Online
                </span>
              ) : null}
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-x-1 text-sm text-slate-700">
              <Star className="h-4 w-4 fill-yellow-400 text-yellow-400" aria-hidden />
              <span className="font-semibold text-slate-900" data-testid="provider-rating">
                <span className="sr-only">Rating </span>
                {formatRating(provider.averageRating)}
              </span>
              <span className="text-slate-500" data-testid="provider-review-count">
                ({provider.totalReviews} {provider.totalReviews === 1 ? "review" : "reviews"})
              </span>
            </p>
          </div>
        </div>
      </header>

      <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3">
        <StatTile label="Rating" value={formatRating(provider.averageRating)} icon={<RatingIcon />} testId="stat-rating" />
        <StatTile label="Jobs completed" value={provider.totalJobsCompleted} testId="stat-jobs" />
        <StatTile label="Hourly rate" value={hourlyRate ?? <span className="text-base font-medium text-slate-500">Not set</span>} testId="stat-hourly-rate" />
      </dl>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="about-title" className={PROFILE_CARD}>
          <h2 id="about-title" className="text-base font-semibold text-slate-900">
            About
          </h2>
          {provider.bio ? (
            <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700" data-testid="provider-bio">
              {provider.bio}
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-500">No bio yet.</p>
          )}
        </section>
        <section aria-labelledby="categories-title" className={PROFILE_CARD}>
          <h2 id="categories-title" className="mb-3 text-base font-semibold text-slate-900">
            Service categories
          </h2>
          <CategoryChips ids={provider.providerCategories} />
        </section>
      </div>

      <section aria-labelledby="reviews-title" className={`mt-6 ${PROFILE_CARD}`}>
        <h2 id="reviews-title" className="mb-4 text-base font-semibold text-slate-900">
          Reviews
        </h2>
        <Suspense fallback={<ReviewsSkeleton />}>
          <ReceivedReviews reviews={receivedReviews(provider.id)} />
        </Suspense>
      </section>
    </main>
  );
}

function ProviderNotFound() {
  return <NotFoundCard title="Provider not found" text="This provider does not exist or is no longer on Nearhand." linkText="Go Home" />;
}
