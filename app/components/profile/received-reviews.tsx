import { Suspense } from "react";

import { Avatar } from "~/components/avatar";
import { ReviewBody } from "~/components/booking/rating-stars";
import { MessageSquareText } from "~/components/icons";
import { PROFILE_CARD } from "~/components/profile/profile-parts";
import { Bar, Bars, SkeletonList } from "~/components/skeletons";
import { TitledSection } from "~/components/titled-section";
import { ReportButton } from "~/components/trust-safety/report-button";
import { getConfig } from "~/infra/config.server";
import { dateTimeFormat } from "~/lib/format";
import { fullName } from "~/lib/user-display";
import type { ReceivedReview } from "~/models/review.server";

/** Who reads the reviews and where a report of one goes back to: a Report link on each review but their own. */
export interface ReviewReporting {
  viewerId: string;
  returnTo: string;
}

/**
 * The reviews a user received, newest first: reviewer avatar and name, stars,
 * comment, date; 'No reviews yet' when there are none. An async server
 * component: it awaits the page's `reviews` inside the page's <Suspense>.
 */
export async function ReceivedReviews({ reviews: loading, reporting }: { reviews: Promise<ReceivedReview[]>; reporting: ReviewReporting }) {
  const reviews = await loading;
  if (reviews.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center" data-testid="reviews-empty">
        <MessageSquareText className="h-8 w-8 text-slate-300" aria-hidden />
        <p className="font-medium text-slate-700">No reviews yet</p>
        <p className="text-sm text-slate-500">Reviews appear here after completed bookings.</p>
      </div>
    );
  }
  const date = dateTimeFormat("en-US", { timeZone: getConfig().timeZone, dateStyle: "medium" });
  return (
    <ul className="divide-y divide-slate-100" data-testid="received-reviews">
      {reviews.map((review) => (
        <li key={review.id} className="flex gap-3 py-4 first:pt-0 last:pb-0" data-testid="received-review">
          <Avatar user={review.reviewer} size="sm" />
          <div className="min-w-0 flex-1">
            <ReviewBody
              heading={<p className="font-medium text-slate-900">{fullName(review.reviewer)}</p>}
              review={review}
              date={date.format(review.createdAt)}
              starsClassName="mt-1"
            />
            {review.reviewer.id === reporting.viewerId ? null : (
              <div className="mt-2">
                <ReportButton
                  targetType="review"
                  targetId={review.id}
                  returnTo={reporting.returnTo}
                  what={`the review by ${fullName(review.reviewer)}`}
                  testId="report-review"
                />
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The skeleton while the reviews load. */
export function ReviewsSkeleton() {
  return (
    <SkeletonList count={2} label="Loading reviews" className="grid gap-4">
      <div className="flex gap-3">
        <Bar className="h-8 w-8 rounded-full bg-slate-200" />
        <div className="grid flex-1 gap-2">
          <Bars classes={["h-4 w-1/3 rounded bg-slate-200", "h-3 w-1/4 rounded bg-slate-200", "h-3 w-2/3 rounded bg-slate-200"]} />
        </div>
      </div>
    </SkeletonList>
  );
}

/** A profile's 'Reviews' card: streamed in, with its skeleton meanwhile. */
export function ReviewsSection({ title, reviews, reporting }: { title: string; reviews: Promise<ReceivedReview[]>; reporting: ReviewReporting }) {
  return (
    <TitledSection
      titleId="reviews-title"
      title={title}
      className={`mt-6 ${PROFILE_CARD}`}
      titleClassName="mb-4 text-base font-semibold text-slate-900"
    >
      <Suspense fallback={<ReviewsSkeleton />}>
        <ReceivedReviews reviews={reviews} reporting={reporting} />
      </Suspense>
    </TitledSection>
  );
}
