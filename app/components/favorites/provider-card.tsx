import type { ReactNode } from "react";
import { Link } from "react-router";

import { Avatar } from "~/components/avatar";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { OnlineBadge, Rating } from "~/components/rating";
import { countOf, formatHourlyRate } from "~/lib/format";
import type { Role } from "~/lib/statuses";
import { fullName } from "~/lib/user-display";
import type { PublicProvider } from "~/models/provider.server";

interface ProviderCardProps {
  provider: PublicProvider;
  /** Whether the viewer has saved this provider under their current role. */
  favorited: boolean;
  /** The viewer's current role (favorites are stored with it). */
  favoriteRole: Role;
  /** Makes the name a link (e.g. to /providers/{id}). */
  href?: string;
  /** More about the provider under the figures (the directory's categories and distance). */
  children?: ReactNode;
}

/**
 * A provider card (spec §2 wizard step 2, /favorites): avatar, name, Online
 * badge when online, rating with review count, jobs completed, $X/hr and the
 * favorite heart. A server component; only the heart is interactive.
 */
export function ProviderCard({ provider, favorited, favoriteRole, href, children }: ProviderCardProps) {
  const name = fullName(provider);
  const rate = formatHourlyRate(provider.hourlyRate);
  const reviews = countOf(provider.totalReviews, "review");
  const jobs = `${countOf(provider.totalJobsCompleted, "job")} completed`;
  const nameId = `provider-${provider.id}-name`;
  return (
    <article aria-labelledby={nameId} data-testid="provider-card" className="provider-card">
      <Avatar user={provider} />
      <div className="min-w-0 flex-1">
        <div className="provider-card-head">
          <h3 id={nameId} className="provider-card-name">
            {href ? (
              <Link to={href} className="name-link">
                {name}
              </Link>
            ) : (
              name
            )}
          </h3>
          {provider.isProviderOnline ? <OnlineBadge testId="provider-online" /> : null}
        </div>
        <p className="provider-meta">
          <span className="inline-flex items-center gap-1" data-testid="provider-rating">
            <Rating value={provider.averageRating}> ({reviews})</Rating>
          </span>
          <span data-testid="provider-jobs">{jobs}</span>
        </p>
        {children ? <div className="mt-2 grid gap-1.5">{children}</div> : null}
      </div>
      {rate ? (
        <span className="provider-card-rate" data-testid="provider-rate">
          {rate}
        </span>
      ) : null}
      <FavoriteButton targetType="provider" targetId={provider.id} initialFavorited={favorited} role={favoriteRole} label={name} />
    </article>
  );
}
