import type { ReactNode } from "react";

import { JobCardListView, JobCardView, type JobCardData } from "~/components/job-card-view";
import { formatBudget, formatRelativeTime, JOB_STATUS_STYLES, statusLabel } from "~/lib/format";
import { formatMiles } from "~/lib/geo";
import type { Role } from "~/lib/statuses";
import { fullName } from "~/lib/user-display";
import type { JobWithSeeker } from "~/models/job.server";

export type JobCardJob = JobWithSeeker & { distanceMiles?: number };

interface Heart {
  /** Whether the viewer has saved this job under their current role. */
  favorited: boolean;
  /** The viewer's current role (favorites are stored with it); without it the heart posts its form. */
  favoriteRole?: Role;
}

/** What the card shows of a job, formatted here on the server (components/job-card-view.tsx draws it). */
export function jobCardData(job: JobCardJob, { favorited, favoriteRole }: Heart): JobCardData {
  return {
    id: job.id,
    title: job.title,
    urgent: job.isUrgent,
    status: { label: statusLabel(job.status), className: JOB_STATUS_STYLES[job.status] },
    directRequest: Boolean(job.requestedProviderId),
    address: job.address,
    distance: job.distanceMiles != null ? formatMiles(job.distanceMiles) : null,
    postedAt: new Date(job.createdAt).toISOString(),
    postedAgo: formatRelativeTime(job.createdAt),
    description: job.description,
    seeker: {
      firstName: job.seeker.firstName,
      lastName: job.seeker.lastName,
      profileImageUrl: job.seeker.profileImageUrl ?? null,
      name: fullName(job.seeker),
      rating: job.seeker.averageRating,
    },
    budget: formatBudget(job.budget),
    favorited,
    ...(favoriteRole ? { favoriteRole } : {}),
  };
}

/** The reused job card (spec §2), with extra actions under it (`footer`, e.g. 'Cancel job'). */
export function JobCard({ job, footer, favorited = false, favoriteRole }: { job: JobCardJob; footer?: ReactNode } & Partial<Heart>) {
  return <JobCardView card={jobCardData(job, { favorited, favoriteRole })} footer={footer} />;
}

/** Job cards in a list (`className` sets its grid), each with its heart as `heart(job)` gives it. */
export function JobCardList({
  jobs,
  heart,
  className,
  testId,
}: {
  jobs: JobCardJob[];
  heart: (job: JobCardJob) => Heart;
  className: string;
  testId: string;
}) {
  return <JobCardListView cards={jobs.map((job) => jobCardData(job, heart(job)))} className={className} testId={testId} />;
}
