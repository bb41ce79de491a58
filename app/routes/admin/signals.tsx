import { redirect } from "react-router";

import { AdminShell } from "~/components/admin/admin-shell";
import { Nothing, PersonLink, Tag } from "~/components/admin/console-bits";
import { INPUT_CLASS, LABEL_CLASS, SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { runForPage } from "~/http/operation-answers.server";
import { requireOperator } from "~/http/request-session.server";
import { getConfig } from "~/infra/config.server";
import { formatPrice } from "~/lib/format";
import { consoleStamp } from "~/lib/overview-days";
import { OPERATOR_REASON_MAX } from "~/lib/trust-safety";
import { parseInput } from "~/operations/parse-input.server";
import {
  excludeReviewFromAggregates,
  excludeReviewInput,
  PAIR_MIN_COMPLETED,
  QUICK_COMPLETION_MINUTES,
  SHARED_ADDRESS_MIN_REVIEWERS,
  signalsReport,
  type FlaggedBooking,
  type Signal,
  type SignalReview,
} from "~/operations/signals.server";

import type { Route } from "./+types/signals";

/** /admin/signals: what looks like rating or earnings manipulation in the last 30 days (operators only). */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  return { signals: await signalsReport(), timeZone: getConfig().timeZone };
}

/** intent=exclude {reviewId, reason}: the review leaves its reviewee's average and count; back to the signals. */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const form = Object.fromEntries(await request.formData());
  await runForPage(context, () => excludeReviewFromAggregates(operator, String(form.reviewId ?? ""), parseInput(excludeReviewInput, form)), {
    success: { title: "Review excluded", description: "The reviewee's rating and review count no longer include it." },
  });
  return redirect("/admin/signals");
}

const HEADINGS: Record<Signal["kind"], string> = {
  "repeated-pair": `The same two accounts, ${PAIR_MIN_COMPLETED} or more completed bookings`,
  "quick-completion": `Completed within ${QUICK_COMPLETION_MINUTES} minutes of acceptance`,
  "shared-address": `${SHARED_ADDRESS_MIN_REVIEWERS} or more reviewers signing in from one address`,
};

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { signals, timeZone } = loaderData;
  const at = (date: Date | null) => (date ? consoleStamp(date, timeZone) : "—");
  const kinds = Object.keys(HEADINGS) as Signal["kind"][];
  return (
    <AdminShell title="Signals" current="/admin/signals">
      <p className="text-sm text-slate-600">
        Flags over the last 30 days of what may be rating or earnings manipulation. A flag is no proof: read the bookings and reviews, then exclude a
        review from its reviewee&apos;s rating if it is not genuine.
      </p>
      {kinds.map((kind, k) => {
        const flags = signals.filter((signal) => signal.kind === kind);
        return (
          <section key={kind} aria-labelledby={`signals-${k}`} className="mt-6">
            <h2 id={`signals-${k}`} className="text-lg font-semibold text-slate-900">
              {HEADINGS[kind]} <span className="font-normal text-slate-600">({flags.length})</span>
            </h2>
            {flags.length === 0 ? (
              <div className="mt-2">
                <Nothing>Nothing flagged.</Nothing>
              </div>
            ) : (
              <ul className="mt-3 grid gap-3">
                {flags.map((flag, i) => (
                  <li key={i} className="rounded-xl border border-amber-200 bg-white p-4 shadow-sm">
                    <FlagSummary flag={flag} />
                    {flag.kind === "shared-address" ? (
                      <ReviewList reviews={flag.reviews} at={at} />
                    ) : (
                      <ul className="mt-2 divide-y divide-slate-100">
                        {flag.bookings.map((booking) => (
                          <BookingItem key={booking.id} booking={booking} at={at} />
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </AdminShell>
  );
}

function FlagSummary({ flag }: { flag: Signal }) {
  if (flag.kind === "repeated-pair") {
    const value = flag.bookings.reduce((sum, b) => sum + Number(b.agreedPrice), 0);
    return (
      <p className="text-sm text-slate-900">
        <PersonLink person={flag.seeker} /> booked <PersonLink person={flag.provider} /> {flag.bookings.length} times, {formatPrice(value)} in all.
      </p>
    );
  }
  if (flag.kind === "shared-address") {
    const reviewee = flag.reviews[0]?.reviewee ?? null;
    return (
      <p className="text-sm text-slate-900">
        {flag.reviewerCount} reviewers of <PersonLink person={reviewee} /> signed in from one address.
      </p>
    );
  }
  const booking = flag.bookings[0]!;
  const minutes =
    booking.completedAt && booking.acceptedAt ? Math.max(0, Math.round((booking.completedAt.getTime() - booking.acceptedAt.getTime()) / 60_000)) : 0;
  return (
    <p className="text-sm text-slate-900">
      <PersonLink person={booking.provider} /> completed a booking of <PersonLink person={booking.seeker} /> {minutes} minutes after accepting it.
    </p>
  );
}

function BookingItem({ booking, at }: { booking: FlaggedBooking; at: (d: Date | null) => string }) {
  return (
    <li className="py-2 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 break-words font-medium text-slate-900">{booking.jobTitle}</span>
        <span className="text-slate-700">{formatPrice(booking.agreedPrice)}</span>
        <span className="text-slate-600">
          accepted {at(booking.acceptedAt)}, completed {at(booking.completedAt)}
        </span>
      </p>
      <ReviewList reviews={booking.reviews} at={at} />
    </li>
  );
}

function ReviewList({ reviews, at }: { reviews: SignalReview[]; at: (d: Date | null) => string }) {
  if (reviews.length === 0) return <p className="mt-1 text-sm text-slate-600">No review.</p>;
  return (
    <ul className="mt-2 grid gap-2">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{review.rating} of 5</span>
            <span className="text-slate-700">
              by <PersonLink person={review.reviewer} /> of <PersonLink person={review.reviewee} />
            </span>
            <span className="text-slate-600">{at(review.createdAt)}</span>
            {review.hiddenAt && <Tag tone="amber">Hidden</Tag>}
            {review.excludedAt && <Tag tone="amber">Excluded from rating</Tag>}
          </p>
          {review.comment && <p className="mt-1 break-words text-slate-700">{review.comment}</p>}
          {!review.excludedAt && !review.hiddenAt && (
            <form method="post" action="/admin/signals" className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="exclude" />
              <input type="hidden" name="reviewId" value={review.id} />
              <div className="min-w-0 flex-1">
                <label htmlFor={`exclude-${review.id}`} className={LABEL_CLASS}>
                  Reason to exclude
                </label>
                <input id={`exclude-${review.id}`} name="reason" required maxLength={OPERATOR_REASON_MAX} className={`mt-1 ${INPUT_CLASS}`} />
              </div>
              <button type="submit" className={SECONDARY_BUTTON_CLASS}>
                Exclude from rating
              </button>
            </form>
          )}
        </li>
      ))}
    </ul>
  );
}
