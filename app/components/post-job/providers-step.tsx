import { createElement, Suspense } from "react";
import { Link } from "react-router";

import { categoryIcon } from "~/components/category-icon";
import { ProviderCard } from "~/components/favorites/provider-card";
import { heartProps } from "~/components/favorites/saved.server";
import { ArrowLeft, ArrowRight, Users } from "~/components/icons";
import { wizardHref, type Category } from "~/components/post-job/wizard";
import { Bar, Bars, SkeletonList } from "~/components/skeletons";
import type { availableProvidersFor } from "~/operations/providers.server";

const LINK_SECONDARY =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-ring";
const LINK_PRIMARY =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-ring";

type ProviderListData = ReturnType<typeof availableProvidersFor>;

/** Step 2: 'Available Providers' — online providers offering the category (`providers`, loading). */
export function ProvidersStep({ category, providers }: { category: Category; providers: ProviderListData }) {
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
        <ProviderList data={providers} />
      </Suspense>
      <p className="mt-4 text-sm">
        <Link to={`/providers?category=${category.id}`} className="font-medium text-brand-700 hover:underline" data-testid="wizard-directory-link">
          See every {category.name} provider, online or not
        </Link>
      </p>
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

async function ProviderList({ data }: { data: ProviderListData }) {
  const { providers, saved } = await data;
  if (providers.length === 0) {
    return (
      <div className="mt-5 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center" data-testid="no-providers">
        <Users className="mx-auto h-8 w-8 text-slate-400" aria-hidden />
        <p className="mt-2 font-medium text-slate-900">No providers currently available for this category.</p>
        <p className="mt-1 text-sm text-slate-600">You can still post your job: providers in your area will see it as soon as they come online.</p>
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
            <ProviderCard provider={provider} {...heartProps(saved, "provider", provider.id)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProvidersSkeleton() {
  return (
    <SkeletonList count={3} label="Loading providers" className="mt-5 grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-2">
      <div className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <Bar className="h-10 w-10 rounded-full bg-slate-200" />
        <div className="flex-1">
          <Bars classes={["h-4 w-40 rounded bg-slate-200", "mt-2 h-3 w-56 rounded bg-slate-100"]} />
        </div>
      </div>
    </SkeletonList>
  );
}
