import { Suspense } from "react";
import { Link } from "react-router";

import { CategoryMark } from "~/components/category-icon";
import { EmptyState } from "~/components/empty-state";
import { heartProps } from "~/components/favorites/saved.server";
import { Plus } from "~/components/icons";
import { JobCardList } from "~/components/job-card";
import { YourBookings } from "~/components/seeker/your-bookings";
import { JobCardSkeleton, SkeletonList } from "~/components/skeletons";
import { CATEGORIES } from "~/lib/categories";
import { availableLabel } from "~/lib/job-display";
import type { SeekerHomeData } from "~/operations/seeker-home.server";

/**
 * The seeker home (spec §2): categories with the real number of online
 * providers, their open requests and bookings (only when there are any), the four most recent requests, and a
 * floating 'Post a job' button on small screens. Counts, bookings and requests (`data`, from the route) stream in,
 * behind skeletons in a client-side navigation (a document waits for them and carries no `skeletons`).
 */
export function SeekerHome({ data, skeletons }: { data: SeekerHomeData; skeletons: boolean }) {
  return (
    <main className="mx-auto max-w-6xl px-4 pb-24 pt-8 md:pb-12">
      <title>Nearhand</title>
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">What help do you need?</h1>
      <p className="mt-1 text-slate-600">Choose a category to see who is available near you and post a job.</p>

      <section aria-labelledby="categories-title" className="mt-6">
        <h2 id="categories-title" className="sr-only">
          Categories
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4">
          {CATEGORIES.map((category) => (
            <li key={category.id}>
              <Link
                to={`/post-job?category=${category.id}`}
                data-testid="category-card"
                className="card-link flex h-full flex-col items-center gap-2 p-4 text-center md:p-6"
              >
                <CategoryMark icon={category.icon} />
                <span className="text-sm font-semibold text-slate-900 md:text-base">{category.name}</span>
                <Suspense fallback={skeletons ? <CountSkeleton /> : null}>
                  <AvailableCount counts={data.providerCounts} categoryId={category.id} />
                </Suspense>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <p className="mt-4 text-sm">
        <Link to="/providers" className="font-medium text-brand-700 hover:underline" data-testid="home-directory-link">
          Looking for someone in particular? Find a provider by name, skill or rating
        </Link>
      </p>

      <Suspense fallback={null}>
        <YourBookings data={data.bookings} />
      </Suspense>

      <section aria-labelledby="recent-title" className="mt-10">
        <Suspense fallback={skeletons ? <RecentRequestsSkeleton /> : null}>
          <RecentRequests data={data.recentRequests} />
        </Suspense>
      </section>

      <Link
        to="/post-job"
        aria-label="Post a job"
        title="Post a job"
        data-testid="post-job-fab"
        className="fixed bottom-6 right-6 z-20 inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 focus-ring md:hidden"
      >
        <Plus className="h-7 w-7" aria-hidden />
      </Link>
    </main>
  );
}

async function AvailableCount({ counts, categoryId }: { counts: Promise<Record<string, number>>; categoryId: string }) {
  const count = (await counts)[categoryId] ?? 0;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-600 md:text-sm" data-testid="available-count">
      <span className={`h-2 w-2 rounded-full ${count > 0 ? "bg-green-500" : "bg-slate-300"}`} aria-hidden />
      {availableLabel(count)}
    </span>
  );
}

function CountSkeleton() {
  return (
    <span className="inline-block h-4 w-20 animate-pulse rounded bg-slate-200" aria-hidden>
      <span className="sr-only">Loading</span>
    </span>
  );
}

/** The seeker's four newest jobs, awaited here so the page streams. */
async function RecentRequests({ data }: { data: SeekerHomeData["recentRequests"] }) {
  const { jobs, saved } = await data;
  if (jobs.length === 0) {
    return (
      <>
        <RecentHeader viewAll={false} />
        <EmptyState
          title="No jobs posted yet"
          text="Tell us what you need and providers nearby will be notified."
          action={{ href: "/post-job", label: "Post Your First Job", icon: <Plus className="h-4 w-4" aria-hidden /> }}
          className="mt-4 py-10"
        />
      </>
    );
  }
  return (
    <>
      <RecentHeader viewAll />
      <JobCardList
        jobs={jobs}
        heart={(job) => heartProps(saved, "job", job.id)}
        className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2"
        testId="recent-requests"
      />
    </>
  );
}

function RecentHeader({ viewAll }: { viewAll: boolean }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <h2 id="recent-title" className="text-xl font-bold text-slate-900">
        Your Recent Requests
      </h2>
      {viewAll ? (
        <Link to="/my-jobs" className="rounded text-sm font-semibold text-brand-700 hover:underline focus-ring">
          View All
        </Link>
      ) : null}
    </div>
  );
}

function RecentRequestsSkeleton() {
  return (
    <>
      <RecentHeader viewAll={false} />
      <SkeletonList count={2} label="Loading your recent requests" className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        <JobCardSkeleton />
      </SkeletonList>
    </>
  );
}
