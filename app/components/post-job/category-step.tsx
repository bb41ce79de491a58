import { Link } from "react-router";

import { CategoryMark } from "~/components/category-icon";
import { ChevronRight } from "~/components/icons";
import { wizardHref } from "~/components/post-job/wizard";
import { CATEGORIES } from "~/lib/categories";

/** Step 1: 'Select a Category'. Each card is a link to step 2 of that category. */
export function CategoryStep() {
  return (
    <section aria-labelledby="step-title">
      <h2 id="step-title" className="text-xl font-bold text-slate-900">
        Select a Category
      </h2>
      <p className="mt-1 text-sm text-slate-600">What kind of help do you need?</p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {CATEGORIES.map((category) => (
          <li key={category.id}>
            <Link
              to={wizardHref(2, category.id)}
              data-testid="wizard-category"
              className="group flex h-full items-start gap-4 card p-4 transition hover:border-brand-500 hover:shadow-md focus-ring"
            >
              <CategoryMark icon={category.icon} className="shrink-0" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{category.name}</span>
                <span className="mt-0.5 block text-sm text-slate-600">{category.description}</span>
              </span>
              <ChevronRight className="mt-3 h-5 w-5 shrink-0 text-slate-400 group-hover:text-brand-600" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
