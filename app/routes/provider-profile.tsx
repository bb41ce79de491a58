import { data } from "react-router";

import { Avatar } from "~/components/avatar";
import { MapPin } from "~/components/icons";
import { NotFoundCard } from "~/components/not-found-card";
import { CategoryChips, PROFILE_CARD, RatingIcon, StatTile } from "~/components/profile/profile-parts";
import { ReviewsSection } from "~/components/profile/received-reviews";
import { RequestLink } from "~/components/providers/request-link";
import { OnlineBadge, Rating } from "~/components/rating";
import { TitledSection } from "~/components/titled-section";
import { BlockButton } from "~/components/trust-safety/block-button";
import { ReportButton } from "~/components/trust-safety/report-button";
import { requireUser } from "~/http/request-session.server";
import { CANCELLATION_HISTORY_DAYS } from "~/lib/booking-process";
import { countOf, formatHourlyRate, formatRating } from "~/lib/format";
import { fullName } from "~/lib/user-display";
import { blockStanding } from "~/operations/blocks.server";
import { providerProfile } from "~/operations/providers.server";
import { receivedReviews } from "~/operations/reviews.server";

import type { Route } from "./+types/provider-profile";

/** The newest received reviews the page shows; all of them are counted in the header. */
const LATEST_REVIEWS = 5;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const provider = await providerProfile(params.id);
  if (!provider) return data({ provider: null }, { status: 404 });
  const own = provider.id === viewer.id;
  const { blockedByMe: blocked, closed } = own ? { blockedByMe: false, closed: false } : await blockStanding(viewer, provider.id);
  return { provider, viewerId: viewer.id, own, blocked, closed, reviews: receivedReviews(provider.id, LATEST_REVIEWS) };
}

/**
 * A provider's public page (reached from provider cards, the directory and the booking page): public fields, the
 * Request button, the service area and the latest reviews.
 */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  if (!loaderData.provider) return <ProviderNotFound />;
  const { provider, reviews, viewerId, own, blocked, closed } = loaderData;
  const path = `/providers/${provider.id}`;
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
          {/* A block either way: no request goes (the request page is a 404). */}
          {closed ? null : <RequestLink provider={provider} viewerId={viewerId} />}
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
      {own ? null : (
        <div className="mt-3 flex flex-wrap items-center gap-4" data-testid="provider-safety">
          <ReportButton targetType="user" targetId={provider.id} returnTo={path} what={name} testId="report-user" />
          <BlockButton userId={provider.id} name={name} blocked={blocked} returnTo={path} />
        </div>
      )}

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
        <TitledSection titleId="service-area-title" title="Service area" className={PROFILE_CARD}>
          {provider.serviceArea ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-700" data-testid="provider-service-area">
              <MapPin className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
              {`Works around ${provider.serviceArea}`}
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-500" data-testid="provider-service-area">
              No area given yet.
            </p>
          )}
        </TitledSection>
      </div>

      <ReviewsSection
        title={provider.totalReviews > LATEST_REVIEWS ? `Latest reviews (the ${LATEST_REVIEWS} newest)` : "Latest reviews"}
        reviews={reviews}
        reporting={{ viewerId, returnTo: path }}
      />
    </main>
  );
}

function ProviderNotFound() {
  return <NotFoundCard title="Provider not found" text="This provider does not exist or is no longer on Nearhand." linkText="Go Home" />;
}
