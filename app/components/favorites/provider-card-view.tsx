"use client";

// Its links are plain anchors with <Link>'s markup, followed inside the page by the shell's LinkFollower (decision 0089).
import type { ReactNode } from "react";

import { Avatar } from "~/components/avatar";
import { FavoriteToggle } from "~/components/favorites/favorite-toggle";
import { Heart } from "~/components/icons";
import { CategoryChips } from "~/components/profile/profile-parts";
import { RequestLink } from "~/components/providers/request-link";
import { OnlineBadge, Rating } from "~/components/rating";
import type { Role } from "~/lib/statuses";

/**
 * What a provider card shows, as plain data the server formatted (components/favorites/provider-card.tsx): the
 * payload carries a card's data once rather than its elements, and the browser hydrates the same markup (issue 36 §1).
 */
export interface ProviderCardData {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  name: string;
  online: boolean;
  rating: string | number | null;
  /** "3 reviews", "12 jobs completed", "$45/hr" (null without a rate). */
  reviews: string;
  jobs: string;
  rate: string | null;
  favorited: boolean;
  favoriteRole: Role;
  /** Makes the name a link (e.g. to /providers/{id}). */
  href: string | null;
}

/** A directory result: the card, and under its figures the categories, the distance and the Request button. */
export interface DirectoryResultData {
  card: ProviderCardData;
  categories: string[];
  /** "1.2 mi", or null without a place to measure from. */
  distance: string | null;
}

const HEART = <Heart className="heart-icon" aria-hidden />;

/**
 * A provider card (spec §2 wizard step 2, /favorites, the directory): avatar, name, Online badge when online, rating
 * with review count, jobs completed, $X/hr and the favorite heart; `children` go under the figures.
 */
export function ProviderCardView({ card, children }: { card: ProviderCardData; children?: ReactNode }) {
  const nameId = `provider-${card.id}-name`;
  return (
    <article aria-labelledby={nameId} data-testid="provider-card" className="provider-card">
      <Avatar user={card} />
      <div className="min-w-0 flex-1">
        <div className="provider-card-head">
          <h3 id={nameId} className="provider-card-name">
            {card.href ? (
              <a className="name-link" href={card.href} data-discover="true">
                {card.name}
              </a>
            ) : (
              card.name
            )}
          </h3>
          {card.online ? <OnlineBadge testId="provider-online" /> : null}
        </div>
        <p className="provider-meta">
          <span className="inline-flex items-center gap-1" data-testid="provider-rating">
            <Rating value={card.rating}> ({card.reviews})</Rating>
          </span>
          <span data-testid="provider-jobs">{card.jobs}</span>
        </p>
        {children ? <div className="mt-2 grid gap-1.5">{children}</div> : null}
      </div>
      {card.rate ? (
        <span className="provider-card-rate" data-testid="provider-rate">
          {card.rate}
        </span>
      ) : null}
      <FavoriteToggle
        targetType="provider"
        targetId={card.id}
        initialFavorited={card.favorited}
        role={card.favoriteRole}
        label={card.name}
        icon={HEART}
      />
    </article>
  );
}

/** The directory's results for the viewer (`viewerId`): one element of data for the whole page of cards. */
export function DirectoryResultsView({ results, viewerId }: { results: DirectoryResultData[]; viewerId: string }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="directory-results">
      {results.map(({ card, categories, distance }) => (
        <li key={card.id} className="grid gap-2">
          <ProviderCardView card={card}>
            <CategoryChips ids={categories} />
            <div className="flex flex-wrap items-center gap-2">
              {distance === null ? null : (
                <p className="text-sm text-slate-600" data-testid="provider-distance">
                  {distance} away
                </p>
              )}
              <span className="ml-auto">
                <RequestLink provider={card} viewerId={viewerId} />
              </span>
            </div>
          </ProviderCardView>
        </li>
      ))}
    </ul>
  );
}
