import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { Avatar } from "~/components/avatar";
import { PAYMENT_DIALOG_TITLE, PAYMENT_METHOD_LABELS, PAYMENT_NOT_CONFIGURED } from "~/components/booking/constants";
import { PayNowButton } from "~/components/booking/pay-now";
import { ReviewBody } from "~/components/booking/rating-stars";
import { LeaveReviewButton, ReviewForm } from "~/components/booking/review-form";
import { FOCUS_RING as FOCUS } from "~/components/forms/styles";
import { MapPin, MessageSquare, Phone, Tag, type IconComponent } from "~/components/icons";
import { Rating } from "~/components/rating";
import { TitledSection } from "~/components/titled-section";
import { formatPrice } from "~/lib/format";
import { categoryName } from "~/lib/job-display";
import { fullName } from "~/lib/user-display";
import { ALREADY_REVIEWED } from "~/models/review.server";
import type { bookingPage } from "~/operations/bookings.server";

// The cards of the booking page (routes/booking-detail.tsx): server components that render what the loader gave.

export const CARD = "card p-5";

type BookingPage = NonNullable<Awaited<ReturnType<typeof bookingPage>>>;
type Booking = BookingPage["booking"];
type Review = NonNullable<BookingPage["myReview"]>;

/** What the booking is for: the job's title, category, address and description, and a link to the job. */
export function JobDetailsCard({ job }: { job: Booking["job"] }) {
  return (
    <TitledSection titleId="job-info-title" title="Job details" className={CARD}>
      <dl className="mt-3 grid gap-3 text-sm">
        <div>
          <dt className="sr-only">Title</dt>
          <dd className="font-medium text-slate-900" data-testid="job-title">
            {job.title}
          </dd>
        </div>
        <IconDetail icon={Tag} term="Category">
          {categoryName(job.categoryId)}
        </IconDetail>
        <IconDetail icon={MapPin} term="Address" testId="job-address">
          {job.address}
        </IconDetail>
        <div>
          <dt className="sr-only">Description</dt>
          <dd className="whitespace-pre-line break-words text-slate-700">{job.description}</dd>
        </div>
      </dl>
      <Link to={`/jobs/${job.id}`} className={`mt-3 inline-block rounded text-sm font-medium text-brand-700 hover:underline ${FOCUS}`}>
        View job
      </Link>
    </TitledSection>
  );
}

/** The other party: name (a provider's links to their page), rating, phone once booked, and 'Message'. */
export function CounterpartyCard({
  counterparty,
  isProvider,
  bookingId,
  canMessage,
}: {
  counterparty: Booking["seeker"];
  isProvider: boolean;
  bookingId: string;
  canMessage: boolean;
}) {
  const counterpartyName = fullName(counterparty);
  return (
    <TitledSection
      titleId="counterparty-title"
      title={isProvider ? "Client" : "Service Provider"}
      className={CARD}
      titleClassName="text-sm font-medium text-slate-500"
    >
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar user={counterparty} />
          <div className="min-w-0">
            {isProvider ? (
              <p className="truncate font-semibold text-slate-900" data-testid="counterparty-name">
                {counterpartyName}
              </p>
            ) : (
              <Link
                to={`/providers/${counterparty.id}`}
                className={`block truncate rounded font-semibold text-slate-900 hover:text-brand-700 hover:underline ${FOCUS}`}
                data-testid="counterparty-name"
              >
                {counterpartyName}
              </Link>
            )}
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <Rating value={counterparty.averageRating} testId="counterparty-rating" />
            </p>
            {counterparty.phoneNumber ? (
              <a
                href={`tel:${counterparty.phoneNumber.replace(/[^+\d]/g, "")}`}
                className={`mt-1 inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline ${FOCUS}`}
                data-testid="counterparty-phone"
              >
                <Phone className="h-4 w-4" aria-hidden />
                <span className="sr-only">Phone: </span>
                {counterparty.phoneNumber}
              </a>
            ) : null}
          </div>
        </div>
        {canMessage ? (
          <Link
            to={`/messages?booking=${bookingId}`}
            className={`inline-flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 sm:w-auto ${FOCUS}`}
            data-testid="message-link"
          >
            <MessageSquare className="h-4 w-4" aria-hidden />
            Message
          </Link>
        ) : null}
      </div>
    </TitledSection>
  );
}

interface ReviewsView {
  myReview: Review | null;
  theirReview: Review | null;
  showReviewForm: boolean;
  reviewResult?: SubmissionResult<string[]>;
}

/** A completed booking's reviews: the viewer's (or the way to leave it) and the other party's. */
export function ReviewsCard({
  bookingId,
  counterpartyName,
  view,
  formatTime,
}: {
  bookingId: string;
  counterpartyName: string;
  view: ReviewsView;
  formatTime: (date: Date) => string;
}) {
  return (
    <TitledSection titleId="reviews-title" title="Reviews" className={`scroll-mt-20 ${CARD}`} id="review">
      <div className="mt-4 grid gap-4">
        {view.myReview ? (
          <div className="grid gap-2">
            {view.reviewResult?.error?.[""]?.includes(ALREADY_REVIEWED) ? (
              <p role="alert" className="text-sm text-red-700" data-testid="review-rejected">
                {ALREADY_REVIEWED}
              </p>
            ) : null}
            <ReviewCard title="Your review" review={view.myReview} formatTime={formatTime} testId="my-review" />
          </div>
        ) : view.showReviewForm ? (
          <section aria-labelledby="review-form-title" className="rounded-lg border border-brand-200 bg-brand-50/40 p-4">
            <h3 id="review-form-title" className="mb-4 text-base font-semibold text-slate-900">
              Leave a Review
            </h3>
            <ReviewForm bookingId={bookingId} revieweeName={counterpartyName} lastResult={view.reviewResult} variant="page" />
          </section>
        ) : (
          <div>
            <p className="mb-3 text-sm text-slate-600">How did it go? Let others know about working with {counterpartyName}.</p>
            <LeaveReviewButton bookingId={bookingId} revieweeName={counterpartyName} />
          </div>
        )}
        {view.theirReview ? (
          <ReviewCard title={`${counterpartyName}'s review of you`} review={view.theirReview} formatTime={formatTime} testId="their-review" />
        ) : (
          <p className="text-sm text-slate-500">{counterpartyName} has not left a review yet.</p>
        )}
      </div>
    </TitledSection>
  );
}

/** How the booking is paid, and 'Pay now' (a dialog, or the no-JS notice) while payment is not set up. */
export function PaymentCard({ booking, canPay, showPaymentNotice }: { booking: Booking; canPay: boolean; showPaymentNotice: boolean }) {
  const bookingPath = `/bookings/${booking.id}`;
  return (
    <TitledSection titleId="payment-title" title="Payment" className={`scroll-mt-20 ${CARD}`} id="payment">
      <dl className="mt-3 grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">Method</dt>
          <dd className="font-medium text-slate-900" data-testid="payment-method">
            {PAYMENT_METHOD_LABELS[booking.paymentMethod]}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">Status</dt>
          <dd className="font-medium capitalize text-slate-900" data-testid="payment-status">
            {booking.paymentStatus}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-100 pt-2">
          <dt className="text-slate-500">Total</dt>
          <dd className="font-semibold text-slate-900">{formatPrice(booking.agreedPrice)}</dd>
        </div>
      </dl>
      {canPay && showPaymentNotice ? (
        // A part of the Payment section under its own heading, not a second landmark of the same name.
        <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="payment-notice">
          <h3 className="text-sm font-semibold text-slate-900">{PAYMENT_DIALOG_TITLE}</h3>
          <p className="mt-1 text-sm text-slate-700">{PAYMENT_NOT_CONFIGURED}</p>
          <Link
            to={bookingPath}
            className={`mt-3 inline-block rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 ${FOCUS}`}
          >
            Close
          </Link>
        </div>
      ) : canPay ? (
        <div className="mt-4">
          <PayNowButton bookingId={booking.id} />
        </div>
      ) : null}
    </TitledSection>
  );
}

function ReviewCard({ title, review, formatTime, testId }: { title: string; review: Review; formatTime: (date: Date) => string; testId: string }) {
  return (
    <article className="rounded-lg border border-slate-200 p-4" data-testid={testId}>
      <ReviewBody
        heading={<h3 className="text-sm font-semibold text-slate-900">{title}</h3>}
        review={review}
        date={formatTime(review.createdAt)}
        starsClassName="mt-2"
      />
    </article>
  );
}

/** One line of a description list: its icon stands for the term, which screen readers hear. */
function IconDetail({ icon: Icon, term, testId, children }: { icon: IconComponent; term: string; testId?: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-slate-700">
      <dt>
        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
