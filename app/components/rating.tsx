import type { ReactNode } from "react";

import { Star } from "~/components/icons";
import { formatRating } from "~/lib/format";

// Made once: the RSC payload writes a repeated element as a reference to its first copy (decision 0078).
const STAR = <Star className="star" aria-hidden />;
const STAR_SMALL = <Star className="star-sm" aria-hidden />;
const SPOKEN_PREFIX = <span className="sr-only">Rating </span>;

/** A star and a rating ('4.8'), read as 'Rating 4.8'; `children` follow the number (a review count). */
export function Rating({
  value,
  small,
  testId,
  className,
  children,
}: {
  value: string | number | null;
  small?: boolean;
  testId?: string;
  className?: string;
  children?: ReactNode;
}) {
  const spoken = (
    <>
      {SPOKEN_PREFIX}
      {formatRating(value)}
      {children}
    </>
  );
  // Wrapped only when something styles, finds or follows the number (issue 36: one element less per job card).
  return (
    <>
      {small ? STAR_SMALL : STAR}
      {className || testId || children ? (
        <span className={className} data-testid={testId}>
          {spoken}
        </span>
      ) : (
        spoken
      )}
    </>
  );
}

/** 'Online', in green, beside a provider's name. */
export function OnlineBadge({ large, testId }: { large?: boolean; testId: string }) {
  return (
    <span className={`online-badge ${large ? "px-2.5 font-semibold" : "px-2 font-medium"}`} data-testid={testId}>
      <span className={`rounded-full bg-green-500 ${large ? "h-2 w-2" : "h-1.5 w-1.5"}`} aria-hidden />
      Online
    </span>
  );
}
