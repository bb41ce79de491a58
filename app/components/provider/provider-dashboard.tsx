import { Suspense } from "react";

import { Power, Radio } from "~/components/icons";
import { AvailabilityBanner } from "~/components/provider/availability-toggle";
import { Requests, Upcoming, UpcomingSkeleton } from "~/components/provider/booking-lists";
import {
  ActiveJobs,
  ActiveJobsSkeleton,
  AvailableJobs,
  AvailableJobsSkeleton,
  dashboardHref,
  OfflineCard,
  StatsCards,
  StatsSkeleton,
} from "~/components/provider/dashboard-sections";
import { fullName } from "~/lib/user-display";
import type { DashboardLists, HomeViewer, ProviderDashboardData } from "~/operations/provider-dashboard.server";

/**
 * The provider dashboard (spec §2, issue 33): open requests (only when there are any), the availability banner
 * with its switch, earnings and rating cards, upcoming bookings, active jobs, and — while online — the posted
 * jobs near the provider. Each data section awaits its part of `data` and streams in behind a skeleton (in a
 * client-side navigation; a document waits for them all and carries no `skeletons`).
 */
export function ProviderDashboard({
  user,
  expanded,
  data,
  skeletons,
}: {
  user: HomeViewer;
  expanded: DashboardLists;
  data: ProviderDashboardData;
  skeletons: boolean;
}) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <title>Provider dashboard | Nearhand</title>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">Provider dashboard</h1>
        <p className="mt-1 text-slate-600">Welcome back, {fullName(user)}.</p>
      </div>

      <Suspense fallback={null}>
        <Requests data={data.requests} />
      </Suspense>

      <AvailabilityBanner isOnline={user.isProviderOnline} onlineIcon={<Radio className="h-6 w-6" />} offlineIcon={<Power className="h-6 w-6" />} />

      <Suspense fallback={skeletons ? <StatsSkeleton /> : null}>
        <StatsCards data={data.stats} />
      </Suspense>

      <section aria-labelledby="upcoming-title" className="mt-10">
        <h2 id="upcoming-title" className="scroll-mt-24 text-xl font-bold text-slate-900">
          Upcoming
        </h2>
        <Suspense fallback={skeletons ? <UpcomingSkeleton /> : null}>
          <Upcoming
            data={data.upcoming}
            allActiveJobs={expanded.activeJobs ? null : dashboardHref({ ...expanded, activeJobs: true }, "active-jobs-title")}
          />
        </Suspense>
      </section>

      <section aria-labelledby="active-jobs-title" className="mt-10">
        <h2 id="active-jobs-title" className="scroll-mt-24 text-xl font-bold text-slate-900">
          Active Jobs
        </h2>
        <Suspense fallback={skeletons ? <ActiveJobsSkeleton /> : null}>
          <ActiveJobs data={data.activeJobs} expanded={expanded} />
        </Suspense>
      </section>

      {data.availableJobs ? (
        <section aria-labelledby="available-jobs-title" className="mt-10">
          <h2 id="available-jobs-title" className="scroll-mt-24 text-xl font-bold text-slate-900">
            Available Jobs Near You
          </h2>
          <Suspense fallback={skeletons ? <AvailableJobsSkeleton /> : null}>
            <AvailableJobs user={user} data={data.availableJobs} expanded={expanded} />
          </Suspense>
        </section>
      ) : (
        <OfflineCard />
      )}
    </main>
  );
}
