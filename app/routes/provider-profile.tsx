import { data } from "react-router";

import { Avatar } from "~/components/avatar";
import { NotFoundCard } from "~/components/not-found-card";
import { CategoryChips, PROFILE_CARD, RatingIcon, StatTile } from "~/components/profile/profile-parts";
import { ReviewsSection } from "~/components/profile/received-reviews";
import { OnlineBadge, Rating } from "~/components/rating";
import { TitledSection } from "~/components/titled-section";
import { requireUser } from "~/http/request-session.server";
import { CANCELLATION_HISTORY_DAYS } from "~/lib/booking-process";
import { countOf, formatHourlyRate, formatRating } from "~/lib/format";
import { fullName } from "~/lib/user-display";
import { providerProfile } from "~/operations/providers.server";
import { receivedReviews } from "~/operations/reviews.server";

import type { Route } from "./+types/provider-profile";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(context, request);
  const provider = await providerProfile(params.id);
  if (!provider) return data({ provider: null }, { status: 404 });
  return { provider, reviews: receivedReviews(provider.id) };
}

/** A provider's public page (reached from provider cards and the booking page): public fields and received reviews. */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  if (!loaderData.provider) return <ProviderNotFound />;
  const { provider, reviews } = loaderData;
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
              {provider.isProviderOnline ? <OnlineBadge large testId="online-badge" /> : null}
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-x-1 text-sm text-slate-700">
              <Rating value={provider.averageRating} className="font-semibold text-slate-900" testId="provider-rating" />
              <span className="text-slate-500" data-testid="provider-review-count">
                ({countOf(provider.totalReviews, "review")})
              </span>
            </p>
          </div>
        </div>
      </header>

      <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3">
        <StatTile label="Rating" value={formatRating(provider.averageRating)} icon={<RatingIcon />} testId="stat-rating" />
        <StatTile label="Jobs completed" value={provider.totalJobsCompleted} testId="stat-jobs" />
        <StatTile
          label="Hourly rate"
          value={hourlyRate ?? <span className="text-base font-medium text-slate-500">Not set</span>}
          testId="stat-hourly-rate"
        />
      </dl>
      <p className="mt-3 text-sm text-slate-600" data-testid="provider-cancellations">
        {`Cancelled after accepting: ${provider.cancelledAfterAcceptingLast90Days} in the last ${CANCELLATION_HISTORY_DAYS} days`}
      </p>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <TitledSection titleId="about-title" title="About" className={PROFILE_CARD}>
          {provider.bio ? (
            <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700" data-testid="provider-bio">
              {provider.bio}
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-500">No bio yet.</p>
          )}
        </TitledSection>
        <TitledSection
          titleId="categories-title"
          title="Service categories"
          className={PROFILE_CARD}
          titleClassName="mb-3 text-base font-semibold text-slate-900"
        >
          <CategoryChips ids={provider.providerCategories} />
        </TitledSection>
      </div>

      <ReviewsSection title="Reviews" reviews={reviews} />
    </main>
  );
}

function ProviderNotFound() {
  return <NotFoundCard title="Provider not found" text="This provider does not exist or is no longer on Nearhand." linkText="Go Home" />;
}
