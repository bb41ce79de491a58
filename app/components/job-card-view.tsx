"use client";

// Its links are plain anchors with <Link>'s markup, followed inside the page by the shell's LinkFollower (decision 0089).
import type { ReactNode } from "react";

import { Avatar } from "~/components/avatar";
import { FavoriteToggle } from "~/components/favorites/favorite-toggle";
import { Clock, Heart, MapPin } from "~/components/icons";
import { Rating } from "~/components/rating";
import { DirectRequestBadge } from "~/components/status-badges";
import type { Role } from "~/lib/statuses";

/**
 * What a job card shows, as plain data made on the server (components/job-card.tsx): every text already formatted
 * (the relative time is the server's, so hydration draws the same words), so the RSC payload carries a card's data
 * once rather than its ~30 elements (issue 36 §1–2), and the browser hydrates the same markup from it.
 */
export interface JobCardData {
  id: string;
  title: string;
  urgent: boolean;
  /** The status's badge text and colours. */
  status: { label: string; className: string };
  directRequest: boolean;
  address: string | null;
  /** "0.3 mi" from the viewer, when known. */
  distance: string | null;
  /** ISO time it was posted, and the same in words ("last week"). */
  postedAt: string;
  postedAgo: string;
  description: string;
  seeker: { firstName: string | null; lastName: string | null; profileImageUrl: string | null; name: string; rating: string | number | null };
  /** "$45", or null without a budget. */
  budget: string | null;
  favorited: boolean;
  /** The viewer's current role (favorites are stored with it); without it the heart posts its form. */
  favoriteRole?: Role;
}

// Made once: a list's cards share them (decision 0078).
const URGENT = <span className="pill-urgent">Urgent</span>;
const PLACE_ICON = <MapPin className="h-4 w-4 shrink-0" aria-hidden />;
const TIME_ICON = <Clock className="h-4 w-4 shrink-0" aria-hidden />;
const HEART = <Heart className="heart-icon" aria-hidden />;

/**
 * The reused job card (spec §2). Its width never depends on its content (inline-size containment), so it fits any
 * grid column on a phone. Only the favorite heart is interactive (it works without JavaScript too).
 */
export function JobCardView({ card, footer }: { card: JobCardData; footer?: ReactNode }) {
  const titleId = `job-${card.id}-title`;
  return (
    <article aria-labelledby={titleId} data-testid="job-card" className="job-card">
      <div className="job-card-head">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="job-card-title">
            {card.title}
          </h3>
          <div className="job-card-badges">
            {card.urgent ? URGENT : null}
            <span data-testid="job-status" className={`pill font-medium capitalize ${card.status.className}`}>
              {card.status.label}
            </span>
            {card.directRequest ? <DirectRequestBadge /> : null}
          </div>
        </div>
        <FavoriteToggle
          targetType="job"
          targetId={card.id}
          initialFavorited={card.favorited}
          role={card.favoriteRole}
          describedBy={titleId}
          className="-m-1"
          icon={HEART}
        />
      </div>

      <p className="job-meta">
        <span className="meta-item break-words">
          {PLACE_ICON}
          {card.address}
          {card.distance != null ? (
            <span className="whitespace-nowrap font-medium text-slate-700" data-testid="job-distance">
              {`· ${card.distance}`}
            </span>
          ) : null}
        </span>
        <span className="meta-item-nowrap">
          {TIME_ICON}
          <time dateTime={card.postedAt}>{card.postedAgo}</time>
        </span>
      </p>

      <p className="job-card-desc">{card.description}</p>

      <div className="job-card-foot">
        <div className="job-card-person">
          <Avatar user={card.seeker} size="sm" />
          <div className="min-w-0">
            <p className="job-card-name">{card.seeker.name}</p>
            <p className="job-card-rating">
              <Rating value={card.seeker.rating} small />
            </p>
          </div>
        </div>
        <div className="job-card-actions">
          {card.budget ? (
            <span className="price" data-testid="job-budget">
              {card.budget}
            </span>
          ) : null}
          <a aria-describedby={titleId} className="btn-small" href={`/jobs/${card.id}`} data-discover="true">
            View Details
          </a>
        </div>
      </div>
      {footer ? <div className="mt-4 border-t border-slate-100 pt-3">{footer}</div> : null}
    </article>
  );
}

/** Job cards in a list (`className` sets its grid): one element of data for the whole list. */
export function JobCardListView({ cards, className, testId }: { cards: JobCardData[]; className: string; testId: string }) {
  return (
    <ul className={className} data-testid={testId}>
      {cards.map((card) => (
        <li key={card.id}>
          <JobCardView card={card} />
        </li>
      ))}
    </ul>
  );
}
