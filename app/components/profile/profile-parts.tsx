import type { ComponentProps, ReactNode } from "react";

import { categoryIcon } from "~/components/category-icon";
import { Star } from "~/components/icons";
import { TitledSection } from "~/components/titled-section";
import { CATEGORIES } from "~/lib/categories";

/** One figure of the stats row (rating, reviews, jobs completed, member since). */
export function StatTile({ label, value, icon, testId }: { label: string; value: ReactNode; icon?: ReactNode; testId: string }) {
  return (
    <div className="card p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 flex items-center gap-1.5 text-xl font-bold text-slate-900" data-testid={testId}>
        {icon}
        {value}
      </dd>
    </div>
  );
}

export function RatingIcon() {
  return <Star className="h-5 w-5 fill-yellow-400 text-yellow-400" aria-hidden />;
}

/** Service categories as chips with their names, in the catalogue's order. */
export function CategoryChips({ ids }: { ids: readonly string[] }) {
  const chosen = CATEGORIES.filter((c) => ids.includes(c.id));
  if (chosen.length === 0) return <p className="text-sm text-slate-500">No service categories yet</p>;
  return (
    <ul className="flex flex-wrap gap-2" data-testid="service-categories" aria-label="Service categories">
      {chosen.map((category) => {
        const Icon = categoryIcon(category.icon);
        return (
          <li key={category.id} className="chip">
            <Icon className="h-4 w-4" aria-hidden />
            {category.name}
          </li>
        );
      })}
    </ul>
  );
}

export const PROFILE_CARD = "card p-5 md:p-6";

/** A card section of /profile (the edit form, the email alerts) under the header: a titled card with room above. */
export function ProfileSection({
  titleSpacing,
  ...section
}: Omit<ComponentProps<typeof TitledSection>, "className" | "titleClassName"> & { titleSpacing: "mb-3" | "mb-5" }) {
  return <TitledSection {...section} className={`mt-6 ${PROFILE_CARD}`} titleClassName={`${titleSpacing} text-lg font-semibold text-slate-900`} />;
}
