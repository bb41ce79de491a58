import { ArrowLeft, ArrowRight, Heart, Star, Users } from "lucide-react";
import { createElement, Suspense } from "react";
import { Link } from "react-router";
import { Avatar } from "~/components/avatar";
import { formatHourlyRate, formatRating } from "~/lib/format";
import { categoryIcon } from "~/lib/job-display";
import { fullName } from "~/lib/user-display";
import { listAvailableProviders, type PublicProvider } from "~/models/provider.server";
import { getDb } from "~/services/db.server";
import { wizardHref, type Category } from "./wizard";

const LINK_SECONDARY =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const LINK_PRIMARY =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** Step 2: 'Available Providers' — online providers offering the category. */
export function ProvidersStep({ category }: { category: Category }) {
  return (
    <section aria-labelledby="step-title">
      <h2 id="step-title" className="text-xl font-bold text-slate-900">
        Available Providers
      </h2>
      <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
        {createElement(categoryIcon(category.icon), { className: "h-4 w-4 text-brand-600", "aria-hidden": true })}
        <span>
          Online now for <span className="font-medium text-slate-800">{category.name}</span>
        </span>
      </p>
      <Suspense fallback={<ProvidersSkeleton />}>
        <ProviderList categoryId={category.id} />
      </Suspense>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={wizardHref(1)} className={LINK_SECONDARY}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back
        </Link>
        <Link to={wizardHref(3, category.id)} className={LINK_PRIMARY}>
          Continue to Post Job
          <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
    </section>
  );
}

async function ProviderList({ categoryId }: { categoryId: string }) {
  const providers = await listAvailableProviders(await getDb(), categoryId);
  if (providers.length === 0) {
    return (
      <div className="mt-5 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center" data-testid="no-providers">
        <Users className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
        <p className="mt-2 font-medium text-slate-900">No providers currently available for this category.</p>
        <p className="mt-1 text-sm text-slate-600">
          You can still post your job: providers in your area will see it as soon as they come online.
        </p>
      </div>
    );
  }
  return (
    <div
      className="mt-5 max-h-96 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-2"
      tabIndex={0}
      role="region"
      aria-label={`${providers.length} available ${providers.length === 1 ? "provider" : "providers"}`}
    >
      <ul className="grid gap-2" data-testid="provider-list">
        {providers.map((provider) => (
          <li key={provider.id}>
            <ProviderCard provider={provider} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProviderCard({ provider }: { provider: PublicProvider }) {
  const rate = formatHourlyRate(provider.hourlyRate);
  const reviews = `${provider.totalReviews} ${provider.totalReviews === 1 ? "review" : "reviews"}`;
  const jobs = `${provider.totalJobsCompleted} ${provider.totalJobsCompleted === 1 ? "job" : "jobs"} completed`;
  const nameId = `provider-${provider.id}-name`;
  return (
    <article
      aria-labelledby={nameId}
      data-testid="provider-card"
      className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4"
    >
      <Avatar user={provider} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="truncate font-semibold text-slate-900">
            {fullName(provider)}
          </h3>
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
            <span className="h-1.5 w-1.5 rounded-full bg-green-500" aria-hidden />
            Online
          </span>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1" data-testid="provider-rating">
            <Star className="h-4 w-4 fill-yellow-400 text-yellow-400" aria-hidden />
            <span className="sr-only">Rating </span>
            {formatRating(provider.averageRating)} ({reviews})
          </span>
          <span>{jobs}</span>
        </p>
      </div>
      {rate ? (
        <span className="shrink-0 font-semibold text-slate-900" data-testid="provider-rate">
          {rate}
        </span>
      ) : null}
      {/* favorites issue: saving a provider comes later; the heart is rendered, not yet wired. */}
      <button
        type="button"
        aria-label="Save provider"
        aria-pressed="false"
        data-testid="favorite-provider"
        className="shrink-0 rounded-full p-2 text-slate-400 hover:bg-slate-100 hover:text-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Heart className="h-5 w-5" aria-hidden />
      </button>
    </article>
  );
}

function ProvidersSkeleton() {
  return (
    <div className="mt-5 grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-2" role="status" aria-label="Loading providers">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <div className="h-10 w-10 animate-pulse rounded-full bg-slate-200" />
          <div className="flex-1">
            <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
            <div className="mt-2 h-3 w-56 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
