import type { ReactNode } from "react";
import { Link } from "react-router";

import { Avatar } from "~/components/avatar";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { Clock, MapPin } from "~/components/icons";
import { Rating } from "~/components/rating";
import { DirectRequestBadge } from "~/components/status-badges";
import { formatBudget, formatRelativeTime, JOB_STATUS_STYLES, statusLabel } from "~/lib/format";
import { formatMiles } from "~/lib/geo";
import type { Role } from "~/lib/statuses";
import { fullName } from "~/lib/user-display";
import type { JobWithSeeker } from "~/models/job.server";

export type JobCardJob = JobWithSeeker & { distanceMiles?: number };

// The parts every card shows alike, made once: the RSC payload writes an element it has written before as a
// reference to it, so a list of cards carries them once (decision 0078).
const URGENT = <span className="pill-urgent">Urgent</span>;
const PLACE_ICON = <MapPin className="h-4 w-4 shrink-0" aria-hidden />;
const TIME_ICON = <Clock className="h-4 w-4 shrink-0" aria-hidden />;

/**
 * The reused job card (spec §2): a server component, no state. Its width
 * never depends on its content (inline-size containment), so it fits any grid
 * column on a phone. Only the favorite heart is interactive (a client
 * component that works without JavaScript too).
 */
export function JobCard({
  job,
  footer,
  favorited = false,
  favoriteRole,
}: {
  job: JobCardJob;
  /** Extra actions under the card (e.g. 'Cancel job'). */
  footer?: ReactNode;
  /** Whether the viewer has saved this job under their current role. */
  favorited?: boolean;
  /** The viewer's current role (favorites are stored with it); without it the heart posts its form. */
  favoriteRole?: Role;
}) {
  const budget = formatBudget(job.budget);
  const titleId = `job-${job.id}-title`;
  return (
    <article aria-labelledby={titleId} data-testid="job-card" className="job-card">
      <div className="job-card-head">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="job-card-title">
            {job.title}
          </h3>
          <div className="job-card-badges">
            {job.isUrgent ? URGENT : null}
            <span data-testid="job-status" className={`pill font-medium capitalize ${JOB_STATUS_STYLES[job.status]}`}>
              {statusLabel(job.status)}
            </span>
            {job.requestedProviderId ? <DirectRequestBadge /> : null}
          </div>
        </div>
        <FavoriteButton targetType="job" targetId={job.id} initialFavorited={favorited} role={favoriteRole} label={job.title} className="-m-1" />
      </div>

      <p className="job-meta">
        <span className="meta-item">
          {PLACE_ICON}
          <span className="break-words">{job.address}</span>
          {job.distanceMiles != null ? (
            <span className="whitespace-nowrap font-medium text-slate-700" data-testid="job-distance">
              · {formatMiles(job.distanceMiles)}
            </span>
          ) : null}
        </span>
        <span className="meta-item-nowrap">
          {TIME_ICON}
          <time dateTime={new Date(job.createdAt).toISOString()}>{formatRelativeTime(job.createdAt)}</time>
        </span>
      </p>

      <p className="job-card-desc">{job.description}</p>

      <div className="job-card-foot">
        <div className="job-card-person">
          <Avatar user={job.seeker} size="sm" />
          <div className="min-w-0">
            <p className="job-card-name">{fullName(job.seeker)}</p>
            <p className="job-card-rating">
              <Rating value={job.seeker.averageRating} small />
            </p>
          </div>
        </div>
        <div className="job-card-actions">
          {budget ? (
            <span className="price" data-testid="job-budget">
              {budget}
            </span>
          ) : null}
          <Link to={`/jobs/${job.id}`} aria-describedby={titleId} className="btn-small">
            View Details
          </Link>
        </div>
      </div>
      {footer ? <div className="mt-4 border-t border-slate-100 pt-3">{footer}</div> : null}
    </article>
  );
}

/** Job cards in a list (`className` sets its grid), each with its heart as `heart(job)` gives it. */
export function JobCardList({
  jobs,
  heart,
  className,
  testId,
}: {
  jobs: JobCardJob[];
  heart: (job: JobCardJob) => { favorited: boolean; favoriteRole?: Role };
  className: string;
  testId: string;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {jobs.map((job) => (
        <li key={job.id}>
          <JobCard job={job} {...heart(job)} />
        </li>
      ))}
    </ul>
  );
}
