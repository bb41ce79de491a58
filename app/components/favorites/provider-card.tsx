import type { ReactNode } from "react";

import { ProviderCardView, type ProviderCardData } from "~/components/favorites/provider-card-view";
import { countOf, formatHourlyRate } from "~/lib/format";
import type { Role } from "~/lib/statuses";
import { fullName } from "~/lib/user-display";
import type { PublicProvider } from "~/models/provider.server";

interface ProviderCardProps {
  provider: PublicProvider;
  /** Whether the viewer has saved this provider under their current role. */
  favorited: boolean;
  /** The viewer's current role (favorites are stored with it). */
  favoriteRole: Role;
  /** Makes the name a link (e.g. to /providers/{id}). */
  href?: string;
  /** More about the provider under the figures. */
  children?: ReactNode;
}

/** What a provider card shows of a provider, formatted here on the server (provider-card-view.tsx draws it). */
export function providerCardData({ provider, favorited, favoriteRole, href }: Omit<ProviderCardProps, "children">): ProviderCardData {
  return {
    id: provider.id,
    firstName: provider.firstName,
    lastName: provider.lastName,
    profileImageUrl: provider.profileImageUrl ?? null,
    name: fullName(provider),
    online: provider.isProviderOnline,
    rating: provider.averageRating,
    reviews: countOf(provider.totalReviews, "review"),
    jobs: `${countOf(provider.totalJobsCompleted, "job")} completed`,
    rate: formatHourlyRate(provider.hourlyRate),
    favorited,
    favoriteRole,
    href: href ?? null,
  };
}

/** A provider card (spec §2 wizard step 2, /favorites); only the heart is interactive. */
export function ProviderCard({ children, ...card }: ProviderCardProps) {
  return <ProviderCardView card={providerCardData(card)}>{children}</ProviderCardView>;
}
