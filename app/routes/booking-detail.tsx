import { data, Link, redirect } from "react-router";

import { AddToCalendar } from "~/components/booking/add-to-calendar";
import { CARD, CounterpartyCard, JobDetailsCard, PaymentCard, ReviewsCard } from "~/components/booking/booking-cards";
import { BookingTimeline } from "~/components/booking/booking-timeline";
import { CancelBooking } from "~/components/booking/cancel-booking";
import { RATING_REQUIRED_TOAST, REVIEW_FORM_ID } from "~/components/booking/constants";
import { BookingStatusButton } from "~/components/booking/status-button";
import { PRIMARY_BUTTON_CLASS } from "~/components/forms/styles";
import { ArrowLeft, Ban, Calendar, SendHorizontal } from "~/components/icons";
import { NotFoundCard } from "~/components/not-found-card";
import { StatusBadges } from "~/components/status-badges";
import { TitledSection } from "~/components/titled-section";
import { runForPage } from "~/http/operation-answers.server";
import { flashToast, readPageForm, redirectWithSubmission, redirectWithToast, requireUser, takeSubmission } from "~/http/request-session.server";
import { getConfig } from "~/infra/config.server";
import { bookingTimeline, REVIEWABLE_BOOKING_STATUS, type BookingEnding } from "~/lib/booking-process";
import { FAILURE_TOASTS, UNKNOWN_FORM_TOAST } from "~/lib/failure-toasts";
import { dateTimeFormat, formatPrice } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import { BOOKING_STATUS_STYLES, categoryName } from "~/lib/job-display";
import { formatMoment, formatWindow } from "~/lib/schedule";
import { reviewFormSchema } from "~/lib/schemas/review";
import { errorToast } from "~/lib/toast";
import { fullName } from "~/lib/user-display";
import { ALREADY_REVIEWED } from "~/models/review.server";
import { bookingPage, moveBooking, moveInput, reviewOtherParty } from "~/operations/bookings.server";
import { postRequestToEveryone } from "~/operations/jobs.server";
import { parseInput } from "~/operations/parse-input.server";

import type { Route } from "./+types/booking-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const page = await bookingPage(user, params.id);
  // Only the two parties see a booking; anyone else gets the same 404 as a missing one.
  if (!page) return data({ booking: null, view: null }, { status: 404 });
  const { booking, myReview, theirReview, actions, ending, clashes, canRepost } = page;
  const search = new URL(request.url).searchParams;
  return {
    booking,
    view: {
      ...actions,
      ending,
      clashes,
      canRepost,
      myReview,
      theirReview,
      /** No-JS page states: the review form, the payment notice and the cancel question live in the URL. */
      showReviewForm: actions.canReview && search.get("dialog") === "review",
      showPaymentNotice: search.get("dialog") === "payment",
      confirmingCancel: search.get("confirm") === "cancel" || search.get("confirm") === "decline",
      reviewResult: takeSubmission(context, REVIEW_FORM_ID),
    },
  };
}

const STATUS_FAILED = FAILURE_TOASTS.updateStatus;
const REVIEW_FAILED = FAILURE_TOASTS.submitReview;
const REPOST_FAILED = FAILURE_TOASTS.postJob;

/**
 * intent=status (status=<to>): a lifecycle move. intent=review (rating, comment):
 * the viewer reviews the other party. Always redirects (post/redirect/get).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, form } = await readPageForm(context, request);
  const intent = form.get("intent");
  const bookingPath = `/bookings/${encodeURIComponent(params.id)}`;

  if (intent === "status") {
    await runForPage(
      context,
      () => {
        const move = parseInput(moveInput, { status: form.get("status"), reason: form.get("reason") ?? undefined });
        return moveBooking(user, params.id, move.status, move.reason);
      },
      {
        // The toast of the move just made, as the booking process has it.
        success: ({ step }) => step.toast,
        failure: STATUS_FAILED,
      },
    );
    return redirect(bookingPath);
  }

  if (intent === "repost") {
    const page = await bookingPage(user, params.id);
    if (!page) return redirectWithToast(context, bookingPath, REPOST_FAILED);
    await runForPage(context, () => postRequestToEveryone(user, page.booking.jobId), {
      success: { title: "Job posted", description: "Providers in your area will be notified." },
      failure: (error) => errorToast(error.message),
      unexpected: REPOST_FAILED,
    });
    return redirect(bookingPath);
  }

  if (intent === "review") {
    const submission = parseForm(form, reviewFormSchema);
    if (submission.status !== "success") {
      // Without JavaScript the field error shows in the form; the spec's toast comes along.
      if (submission.error?.rating) flashToast(context, RATING_REQUIRED_TOAST);
      return redirectWithSubmission(context, request, REVIEW_FORM_ID, submission.reply());
    }
    // The toast carries the spec's text (§8); why it failed shows on the page, by the review already given.
    const reviewed = await runForPage(context, () => reviewOtherParty(user, params.id, submission.value), {
      success: { title: "Review submitted", description: "Thank you for your feedback!" },
      failure: REVIEW_FAILED,
    });
    if (!reviewed.ok && reviewed.reason === ALREADY_REVIEWED) {
      return redirectWithSubmission(context, request, REVIEW_FORM_ID, submission.reply({ formErrors: [ALREADY_REVIEWED] }));
    }
    return redirect(bookingPath);
  }

  return redirectWithToast(context, bookingPath, UNKNOWN_FORM_TOAST);
}

const FOCUS = "focus-ring";

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { booking, view } = loaderData;
  if (!booking || !view) return <BookingNotFound />;
  const isProvider = view.party === "provider";
  const counterparty = isProvider ? booking.seeker : booking.provider;
  const counterpartyName = fullName(counterparty);
  const dateTime = dateTimeFormat("en-US", { timeZone: getConfig().timeZone, dateStyle: "medium", timeStyle: "short" });
  const formatTime = (date: Date) => dateTime.format(date);
  const { moves, canCancel, canPay, waitingNote, ending } = view;
  const { timeZone } = getConfig();
  const now = new Date();
  const when = formatWindow({ start: booking.scheduledAt, end: booking.scheduledEndAt }, timeZone, now);
  const answerBy = booking.status === "pending" && booking.expiresAt ? formatMoment(booking.expiresAt, timeZone, now) : null;

  return (
    <main className="mx-auto max-w-5xl px-4 py-6 md:py-10">
      <title>{`${booking.job.title} | Booking | Nearhand`}</title>
      <Link
        to={isProvider ? "/" : "/my-jobs"}
        className={`inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900 ${FOCUS}`}
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {isProvider ? "Dashboard" : "My jobs"}
      </Link>

      <header className={`mt-4 ${CARD} md:p-6`}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-700">Booking · {categoryName(booking.job.categoryId)}</p>
            <h1 className="mt-1 break-words text-2xl font-bold text-slate-900 md:text-3xl">{booking.job.title}</h1>
            <StatusBadges
              status={booking.status}
              colour={BOOKING_STATUS_STYLES[booking.status]}
              testId="booking-status"
              urgent={booking.job.isUrgent}
              request={booking.job.requestedProviderId !== null}
            />
          </div>
          <div className="sm:text-right">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Total</p>
            <p className="text-2xl font-bold text-slate-900" data-testid="booking-total">
              {formatPrice(booking.agreedPrice)}
            </p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="booking-when">
            <Calendar className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span>
              <span className="font-medium text-slate-900">When:</span> {when}
            </span>
          </p>
          {booking.status === "cancelled" ? null : <AddToCalendar bookingId={booking.id} />}
        </div>
        {answerBy ? (
          <p className="mt-1 text-sm text-amber-800" data-testid="booking-answer-by">
            {isProvider ? `Please answer by ${answerBy}.` : `${counterpartyName} has until ${answerBy} to answer.`}
          </p>
        ) : null}
        {ending ? (
          <div className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="booking-cancelled">
            <p className="flex items-start gap-2">
              <Ban className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                {endingText(ending, isProvider, counterpartyName)}{" "}
                <time dateTime={(booking.cancelledAt ?? booking.updatedAt).toISOString()}>
                  {formatTime(booking.cancelledAt ?? booking.updatedAt)}
                </time>
                .
              </span>
            </p>
            {ending.reason ? (
              <p className="mt-1 pl-6" data-testid="cancellation-reason">
                Reason: “{ending.reason}”
              </p>
            ) : null}
            {view.canRepost ? <RepostRequest bookingId={booking.id} /> : null}
          </div>
        ) : null}
      </header>

      <div className="mt-6 grid gap-6 md:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 md:col-span-2">
          <JobDetailsCard job={booking.job} />

          <CounterpartyCard counterparty={counterparty} isProvider={isProvider} bookingId={booking.id} canMessage={view.canMessage} />

          {moves.length > 0 || canCancel || waitingNote ? (
            <TitledSection titleId="actions-title" title="Actions" className={`scroll-mt-20 ${CARD}`} id="booking-actions">
              {waitingNote ? <p className="mt-1 text-sm text-slate-600">{waitingNote}</p> : null}
              {view.clashes.length > 0 ? (
                <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note" data-testid="booking-clash">
                  You already have a booking within two hours of this time (
                  {view.clashes.map((c) => formatWindow({ start: c.scheduledAt, end: c.scheduledEndAt }, timeZone, now)).join("; ")}). You can still
                  accept it.
                </p>
              ) : null}
              <div className="mt-4 flex flex-col flex-wrap gap-3 sm:flex-row sm:items-start">
                {moves.map((move) => (
                  <BookingStatusButton key={move.to} bookingId={booking.id} to={move.to} label={move.action} />
                ))}
                {canCancel ? (
                  <CancelBooking bookingId={booking.id} party={view.party} kind={view.cancelKind} confirming={view.confirmingCancel} />
                ) : null}
              </div>
            </TitledSection>
          ) : null}

          {booking.status === REVIEWABLE_BOOKING_STATUS ? (
            <ReviewsCard bookingId={booking.id} counterpartyName={counterpartyName} view={view} formatTime={formatTime} />
          ) : null}
        </div>

        <aside className="grid min-w-0 content-start gap-6">
          <TitledSection titleId="timeline-title" title="Timeline" className={CARD} titleClassName="mb-4 text-base font-semibold text-slate-900">
            <BookingTimeline steps={bookingTimeline(booking)} formatTime={formatTime} />
          </TitledSection>

          <PaymentCard booking={booking} canPay={canPay} showPaymentNotice={view.showPaymentNotice} />
        </aside>
      </div>
    </main>
  );
}

/** How the booking ended, from the viewer's side. */
function endingText(ending: BookingEnding, isProvider: boolean, counterpartyName: string): string {
  const mine = ending.by === (isProvider ? "provider" : "seeker");
  const who = mine ? "you" : counterpartyName;
  if (ending.kind === "expired")
    return isProvider ? "This request expired unanswered" : `${counterpartyName} did not answer this request in time; it expired`;
  if (ending.kind === "declined") return `This request was declined by ${who}`;
  if (ending.kind === "withdrawn") return `This request was withdrawn by ${who}`;
  return ending.by ? `This booking was cancelled by ${who}` : "This booking was cancelled";
}

/** The seeker of a request that ended: one button sends the same job to every provider nearby. */
function RepostRequest({ bookingId }: { bookingId: string }) {
  return (
    <form method="post" action={`/bookings/${bookingId}`} className="mt-3 pl-6">
      <input type="hidden" name="intent" value="repost" />
      <button type="submit" className={`${PRIMARY_BUTTON_CLASS} inline-flex items-center gap-2`} data-testid="repost-request">
        <SendHorizontal className="h-4 w-4" aria-hidden />
        Post to every provider nearby
      </button>
    </form>
  );
}

function BookingNotFound() {
  return <NotFoundCard title="Booking not found" text="This booking does not exist or is not yours." linkText="Go Home" />;
}
