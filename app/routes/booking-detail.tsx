import { ArrowLeft, MapPin, Star } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/booking-detail";
import { Avatar } from "~/components/avatar";
import { formatPrice, formatRating, statusLabel } from "~/lib/format";
import { BOOKING_STATUS_STYLES, categoryName } from "~/lib/job-display";
import { fullName } from "~/lib/user-display";
import { getBookingForParty } from "~/models/booking.server";
import { getDb } from "~/services/db.server";
import { requireUser } from "~/services/request-session.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const booking = await getBookingForParty(await getDb(), params.id, user.id);
  // Only the two parties see a booking; anyone else gets the same 404 as a missing one.
  if (!booking) return data({ booking: null, viewerIsProvider: false }, { status: 404 });
  return { booking, viewerIsProvider: booking.providerId === user.id };
}

/**
 * A minimal booking page: job, status, total and the other party.
 * The lifecycle actions (Start Job, Complete Job, Leave Review), the timeline,
 * payment details and the Message button come with the bookings issue.
 */
export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { booking, viewerIsProvider } = loaderData;
  if (!booking) return <BookingNotFound />;
  const counterparty = viewerIsProvider ? booking.seeker : booking.provider;
  const counterpartyLabel = viewerIsProvider ? "Client" : "Service Provider";
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <title>{`${booking.job.title} | Booking | Nearhand`}</title>
      <Link
        to="/"
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Home
      </Link>
      <article className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:p-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-700">Booking · {categoryName(booking.job.categoryId)}</p>
            <h1 className="mt-1 break-words text-2xl font-bold text-slate-900 md:text-3xl">{booking.job.title}</h1>
            <span
              data-testid="booking-status"
              className={`mt-2 inline-block rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${BOOKING_STATUS_STYLES[booking.status]}`}
            >
              {statusLabel(booking.status)}
            </span>
          </div>
          <div className="sm:text-right">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Total</p>
            <p className="text-2xl font-bold text-slate-900" data-testid="booking-total">
              {formatPrice(booking.agreedPrice)}
            </p>
          </div>
        </div>

        <p className="mt-4 flex items-start gap-2 text-sm text-slate-700">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <span className="break-words">{booking.job.address}</span>
        </p>
        <p className="mt-3 line-clamp-3 whitespace-pre-line break-words text-sm text-slate-700">{booking.job.description}</p>
        <Link to={`/jobs/${booking.job.id}`} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
          View job
        </Link>

        <section aria-labelledby="counterparty-title" className="mt-6 border-t border-slate-100 pt-5">
          <h2 id="counterparty-title" className="text-sm font-medium text-slate-500">
            {counterpartyLabel}
          </h2>
          <div className="mt-2 flex items-center gap-3">
            <Avatar user={counterparty} />
            <div>
              <p className="font-semibold text-slate-900" data-testid="counterparty-name">
                {fullName(counterparty)}
              </p>
              <p className="flex items-center gap-1 text-sm text-slate-600">
                <Star className="h-4 w-4 fill-yellow-400 text-yellow-400" aria-hidden />
                <span>
                  <span className="sr-only">Rating </span>
                  {formatRating(counterparty.averageRating)}
                </span>
              </p>
            </div>
          </div>
        </section>
        {/* bookings issue: timeline, payment section, Message, Start Job / Complete Job and Leave Review. */}
      </article>
    </main>
  );
}

function BookingNotFound() {
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4">
      <title>Booking not found | Nearhand</title>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Booking not found</h1>
        <p className="mt-2 text-sm text-slate-600">This booking does not exist or is not yours.</p>
        <Link
          to="/"
          className="mt-6 inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Go Back
        </Link>
      </div>
    </main>
  );
}
