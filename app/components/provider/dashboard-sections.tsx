import type { ReactNode } from "react";
import { Link } from "react-router";

import { heartProps } from "~/components/favorites/saved.server";
import { Briefcase, CalendarCheck, DollarSign, Info, Power, PowerOff, Star, Wallet } from "~/components/icons";
import { JobCardList } from "~/components/job-card";
import { GoOnlineButton } from "~/components/provider/availability-toggle";
import { ActiveJobRows } from "~/components/provider/booking-rows-view";
import { Bar, Bars, JobCardSkeleton, SkeletonList } from "~/components/skeletons";
import { countOf, formatPrice, formatRating, statusLabel } from "~/lib/format";
import { DEFAULT_LOCATION } from "~/lib/geo";
import { categoryName } from "~/lib/job-display";
import type { Booking } from "~/models/booking.server";
import type { User } from "~/models/user.server";
import type { DashboardLists, ProviderDashboardData } from "~/operations/provider-dashboard.server";

// The dashboard's data sections: async server components that await their part of the
// route's data (operations/provider-dashboard), each inside <Suspense> with the skeleton below it.

const CARD = "card p-4 sm:p-5";

/** Today's Earnings, Total Earnings (2 decimals) and Jobs Completed with the star rating. */
export async function StatsCards({ data }: { data: ProviderDashboardData["stats"] }) {
  const stats = await data;
  const reviews = countOf(stats.totalReviews, "review");
  return (
    <section aria-label="Earnings and rating" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      <StatCard icon={<DollarSign className="h-5 w-5" aria-hidden />} label="Today's Earnings" testId="today-earnings">
        {formatPrice(stats.todayEarnings)}
      </StatCard>
      <StatCard icon={<Wallet className="h-5 w-5" aria-hidden />} label="Total Earnings" testId="total-earnings">
        {formatPrice(stats.totalEarnings)}
      </StatCard>
      <StatCard
        icon={<CalendarCheck className="h-5 w-5" aria-hidden />}
        label="Jobs Completed"
        testId="jobs-completed"
        className="col-span-2 sm:col-span-1"
        footer={
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600" data-testid="provider-rating">
            <Star className="star" aria-hidden />
            <span>
              <span className="sr-only">Rating </span>
              <span className="font-semibold text-slate-900">{formatRating(stats.averageRating)}</span> ({reviews})
            </span>
          </p>
        }
      >
        {stats.jobsCompleted}
      </StatCard>
    </section>
  );
}

function StatCard({
  icon,
  label,
  testId,
  footer,
  className = "",
  children,
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const labelId = `${testId}-label`;
  return (
    <div className={`${CARD} ${className}`} role="group" aria-labelledby={labelId}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={labelId} className="text-sm font-medium text-slate-600">
          {label}
        </h3>
        <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:h-9 sm:w-9">{icon}</span>
      </div>
      <p className="mt-2 text-xl font-bold text-slate-900 sm:text-2xl" data-testid={testId}>
        {children}
      </p>
      {footer}
    </div>
  );
}

export function StatsSkeleton() {
  return (
    <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" role="status" aria-label="Loading earnings">
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${CARD} ${i === 2 ? "col-span-2 sm:col-span-1" : ""}`}>
          <div className="flex items-center justify-between">
            <Bars classes={["h-4 w-28 rounded bg-slate-200", "h-9 w-9 rounded-full bg-slate-100"]} />
          </div>
          <Bar className="mt-3 h-7 w-24 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

const BOOKING_STATUS_STYLES: Partial<Record<Booking["status"], string>> = {
  accepted: "bg-yellow-100 text-yellow-800",
  in_progress: "bg-orange-100 text-orange-800",
};

/** The dashboard with these lists shown whole, scrolled to `anchor`: plain links, so they work without JavaScript. */
export function dashboardHref(lists: DashboardLists, anchor: string): string {
  const query = new URLSearchParams();
  if (lists.activeJobs) query.set("activeJobs", "all");
  if (lists.availableJobs) query.set("availableJobs", "all");
  return `/?${query}#${anchor}`;
}

const SHOW_MORE_LINK = "text-sm font-semibold text-brand-700 hover:underline focus-ring";

/** Under a list cut short: the link to the dashboard with that list shown whole. */
function ShowMoreLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="mt-4">
      <Link to={to} className={SHOW_MORE_LINK}>
        {children}
      </Link>
    </p>
  );
}

/**
 * The provider's accepted and in-progress bookings, newest first, each linking
 * to its booking page: the first 20, or all of them when asked.
 */
export async function ActiveJobs({ data, expanded }: { data: ProviderDashboardData["activeJobs"]; expanded: DashboardLists }) {
  const { bookings, more } = await data;
  if (bookings.length === 0) {
    return (
      <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center">
        <Briefcase className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
        <p className="mt-2 font-medium text-slate-900">No active jobs</p>
        <p className="mt-1 text-sm text-slate-600">Jobs you accept show up here until they are completed.</p>
      </div>
    );
  }
  return (
    <>
      <ActiveJobRows
        rows={bookings.map((booking) => ({
          id: booking.id,
          title: booking.job.title,
          status: { label: statusLabel(booking.status), className: BOOKING_STATUS_STYLES[booking.status] ?? "bg-slate-100 text-slate-700" },
          urgent: booking.job.isUrgent,
          category: categoryName(booking.job.categoryId),
          address: booking.job.address,
          price: formatPrice(booking.agreedPrice),
        }))}
      />
      {more ? <ShowMoreLink to={dashboardHref({ ...expanded, activeJobs: true }, "active-jobs-title")}>Show all active jobs</ShowMoreLink> : null}
    </>
  );
}

export function ActiveJobsSkeleton() {
  return (
    <SkeletonList count={2} label="Loading active jobs" className="mt-4 grid gap-3 md:grid-cols-2">
      <div className="card p-4">
        <Bars classes={["h-5 w-2/3 rounded bg-slate-200", "mt-2 h-4 w-1/2 rounded bg-slate-100"]} />
      </div>
    </SkeletonList>
  );
}

/**
 * Posted jobs near the provider (nearest first within their categories and urgency), with distances: the first 20,
 * or as many as the jobs API lists when asked.
 */
export async function AvailableJobs({
  user,
  data,
  expanded,
}: {
  user: Pick<User, "latitude" | "longitude">;
  data: NonNullable<ProviderDashboardData["availableJobs"]>;
  expanded: DashboardLists;
}) {
  const { jobs, more, saved } = await data;
  return (
    <>
      {user.latitude == null || user.longitude == null ? (
        <p className="mt-2 flex items-start gap-2 text-sm text-slate-600" data-testid="default-location-note">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
          <span>
            Distances are measured from {DEFAULT_LOCATION.address} until you set your location in your{" "}
            <Link to="/profile" className="font-medium text-brand-700 underline hover:text-brand-600">
              profile
            </Link>
            .
          </span>
        </p>
      ) : null}
      {jobs.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <Briefcase className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
          <p className="mt-2 font-medium text-slate-900">No jobs available</p>
          <p className="mt-1 text-sm text-slate-600">Check back later for new opportunities in your area</p>
        </div>
      ) : (
        <JobCardList
          jobs={jobs}
          heart={(job) => heartProps(saved, "job", job.id)}
          className="mt-4 grid gap-4 md:grid-cols-2"
          testId="available-jobs"
        />
      )}
      {more ? (
        <ShowMoreLink to={dashboardHref({ ...expanded, availableJobs: true }, "available-jobs-title")}>Show more jobs near you</ShowMoreLink>
      ) : null}
    </>
  );
}

export function AvailableJobsSkeleton() {
  return (
    <SkeletonList count={4} label="Loading jobs near you" className="mt-4 grid gap-4 md:grid-cols-2">
      <JobCardSkeleton />
    </SkeletonList>
  );
}

/** While offline: turn availability on to see jobs nearby. */
export function OfflineCard() {
  return (
    <section
      aria-labelledby="offline-title"
      data-testid="offline-card"
      className="mt-10 rounded-xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      <PowerOff className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <h2 id="offline-title" className="mt-3 text-lg font-semibold text-slate-900">
        Turn on availability to see jobs near you
      </h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        You're not receiving job requests right now. Go online to see posted jobs in your area, nearest first.
      </p>
      <GoOnlineButton isOnline={false} icon={<Power className="h-4 w-4" aria-hidden />} />
    </section>
  );
}
