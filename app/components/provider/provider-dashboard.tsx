import { Power, Radio } from "~/components/icons";
import { Suspense } from "react";
import { fullName } from "~/lib/user-display";
import type { User } from "~/models/user.server";
import { AvailabilityBanner } from "./availability-toggle";
import {
  ActiveJobs,
  ActiveJobsSkeleton,
  AvailableJobs,
  AvailableJobsSkeleton,
  type DashboardLists,
  OfflineCard,
  StatsCards,
  StatsSkeleton,
} from "./dashboard-sections";

/**
 * The provider dashboard (spec §2): availability banner with its switch,
 * earnings and rating cards, active jobs, and — while online — the posted jobs
 * near the provider. The data sections load themselves and stream in behind
 * skeletons.
 */
export function ProviderDashboard({ user, expanded }: { user: User; expanded: DashboardLists }) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <title>Provider dashboard | Nearhand</title>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">Provider dashboard</h1>
        <p className="mt-1 text-slate-600">Welcome back, {fullName(user)}.</p>
      </div>

      <AvailabilityBanner isOnline={user.isProviderOnline} onlineIcon={<Radio className="h-6 w-6" />} offlineIcon={<Power className="h-6 w-6" />} />

      <Suspense fallback={<StatsSkeleton />}>
        <StatsCards user={user} />
      </Suspense>

      <section aria-labelledby="active-jobs-title" className="mt-10">
        <h2 id="active-jobs-title" className="scroll-mt-24 text-xl font-bold text-slate-900">
          Active Jobs
        </h2>
        <Suspense fallback={<ActiveJobsSkeleton />}>
          <ActiveJobs providerId={user.id} expanded={expanded} />
        </Suspense>
      </section>

      {user.isProviderOnline ? (
        <section aria-labelledby="available-jobs-title" className="mt-10">
          <h2 id="available-jobs-title" className="scroll-mt-24 text-xl font-bold text-slate-900">
            Available Jobs Near You
          </h2>
          <Suspense fallback={<AvailableJobsSkeleton />}>
            <AvailableJobs user={user} expanded={expanded} />
          </Suspense>
        </section>
      ) : (
        <OfflineCard />
      )}
    </main>
  );
}
