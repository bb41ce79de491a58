import type { ReactNode } from "react";

import { Star } from "~/components/icons";
import { RATING_LABELS } from "~/lib/schemas/review";

const SIZES = { sm: "h-4 w-4", md: "h-5 w-5" };

/** A review's 1-5 stars, read out as "Rated 4 out of 5 (Very Good)". Server-safe (no hooks). */
export function RatingStars({ rating, size = "sm" }: { rating: number; size?: keyof typeof SIZES }) {
  const label = RATING_LABELS[rating as keyof typeof RATING_LABELS];
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of 5${label ? ` (${label})` : ""}`}
      className="inline-flex items-center gap-0.5"
      data-testid="rating-stars"
      data-rating={rating}
    >
      {[1, 2, 3, 4, 5].map((value) => (
        <Star key={value} aria-hidden className={`${SIZES[size]} ${value <= rating ? "star-on" : "star-off"}`} />
      ))}
    </span>
  );
}

/** A review as both pages show it: its heading (who, or which review) with the date, then the stars and the comment. */
export function ReviewBody({
  heading,
  review,
  date,
  starsClassName,
}: {
  heading: ReactNode;
  review: { rating: number; comment: string | null; createdAt: Date };
  date: string;
  starsClassName: string;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        {heading}
        <time dateTime={review.createdAt.toISOString()} className="text-xs text-slate-500">
          {date}
        </time>
      </div>
      <div className={starsClassName}>
        <RatingStars rating={review.rating} />
      </div>
      {review.comment ? <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700">{review.comment}</p> : null}
    </>
  );
}
