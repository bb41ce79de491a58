import { Link } from "react-router";

import { AlertCircle, CalendarClock, Clock } from "~/components/icons";
import { UpcomingRows, type UpcomingRowData } from "~/components/provider/booking-rows-view";
import { RequestAnswer } from "~/components/provider/request-answer";
import { Bars, SkeletonList } from "~/components/skeletons";
import { getConfig } from "~/infra/config.server";
import { formatBudget } from "~/lib/format";
import { categoryName } from "~/lib/job-display";
import { formatMoment, formatWindow, type Window } from "~/lib/schedule";
import { fullName } from "~/lib/user-display";
import type { ProviderBookingItem } from "~/models/booking.server";
import type { ProviderDashboardData } from "~/operations/provider-dashboard.server";

// The dashboard's Requests and Upcoming (issue 33 §2, §3). The lists style their rows, icons and lines once from the
// list element (child variants) rather than on every card: the classes are sent once, not per card (decision 0055).

const LIST = "mt-4 grid gap-3 md:grid-cols-2";
const CARD_ROWS = "*:rounded-xl *:border *:border-slate-200 *:bg-white *:shadow-sm";
const LINES = "mt-1 grid gap-1 text-sm text-slate-600 *:flex *:items-start *:gap-1.5 [&_svg]:mt-0.5 [&_svg]:h-4 [&_svg]:w-4 [&_svg]:shrink-0";

/** When the booking is for, in words (its window, or "As soon as possible"), with its start when it has a window. */
function whenOf(booking: ProviderBookingItem, timeZone: string, now: Date): UpcomingRowData["when"] {
  const words = formatWindow({ start: booking.scheduledAt, end: booking.scheduledEndAt }, timeZone, now);
  return { words, dateTime: booking.scheduledAt && booking.scheduledEndAt ? booking.scheduledAt.toISOString() : null };
}

/** When the booking is for, in words: its window, or "As soon as possible". */
function When({ booking, timeZone, now }: { booking: ProviderBookingItem; timeZone: string; now: Date }) {
  const { words, dateTime } = whenOf(booking, timeZone, now);
  return dateTime ? <time dateTime={dateTime}>{words}</time> : <span>{words}</span>;
}

/** Another booking's time: its window, or when an "as soon as possible" one was set for. */
function clashWords(clash: Window, timeZone: string, now: Date): string {
  return clash.end ? formatWindow(clash, timeZone, now) : formatMoment(clash.start, timeZone, now);
}

/**
 * The provider's open requests, newest first, each with what was asked, for when, until when it may be answered,
 * and a warning when another booking of theirs lies near that time; nothing at all when there are none.
 */
export async function Requests({ data }: { data: ProviderDashboardData["requests"] }) {
  const { requests, more } = await data;
  if (requests.length === 0) return null;
  const { timeZone } = getConfig();
  const now = new Date();
  return (
    <section aria-labelledby="requests-title" className="mb-8" data-testid="requests">
      <h2 id="requests-title" className="scroll-mt-24 text-xl font-bold text-slate-900">
        Requests <span className="ml-1 rounded-full bg-brand-600 px-2 py-0.5 align-middle text-sm font-semibold text-white">{requests.length}</span>
      </h2>
      <ul className={`${LIST} ${CARD_ROWS} *:flex *:flex-col *:p-4`}>
        {requests.map((request) => {
          const titleId = `request-${request.id}`;
          const budget = formatBudget(request.job.budget);
          return (
            <li key={request.id} data-testid="request">
              <div className="flex items-start justify-between gap-3">
                <Link id={titleId} to={`/bookings/${request.id}`} className="min-w-0 break-words font-semibold text-slate-900 hover:underline">
                  {request.job.title}
                </Link>
                <span className="shrink-0 font-bold text-slate-900">{budget ?? "No budget"}</span>
              </div>
              <p className="text-sm text-slate-600">{`${fullName(request.seeker)} · ${categoryName(request.job.categoryId)}`}</p>
              <div className={LINES}>
                <p data-testid="request-when">
                  <CalendarClock aria-hidden />
                  <When booking={request} timeZone={timeZone} now={now} />
                </p>
                {request.expiresAt ? (
                  <p>
                    <Clock aria-hidden />
                    <span>
                      Answer by <time dateTime={request.expiresAt.toISOString()}>{formatMoment(request.expiresAt, timeZone, now)}</time>
                    </span>
                  </p>
                ) : null}
                {request.clash ? (
                  <p className="font-medium text-amber-800" data-testid="request-clash">
                    <AlertCircle aria-hidden />
                    <span>{`You have another booking near this time: ${clashWords(request.clash, timeZone, now)}`}</span>
                  </p>
                ) : null}
              </div>
              <RequestAnswer bookingId={request.id} describedBy={titleId} />
            </li>
          );
        })}
      </ul>
      {more ? <p className="mt-3 text-sm text-slate-600">More requests are waiting: they show here as you answer these.</p> : null}
    </section>
  );
}

/**
 * Accepted bookings, soonest first, each linking to its booking page; an empty state when there are none. When the
 * preview cut some off, `allActiveJobs` links to the dashboard with every active job listed (null: already is).
 */
export async function Upcoming({ data, allActiveJobs }: { data: ProviderDashboardData["upcoming"]; allActiveJobs: string | null }) {
  const { bookings, more } = await data;
  if (bookings.length === 0) {
    return (
      <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-6 text-center text-sm text-slate-600">
        No upcoming bookings. Requests you accept show up here.
      </p>
    );
  }
  const { timeZone } = getConfig();
  const now = new Date();
  return (
    <>
      <UpcomingRows
        rows={bookings.map((booking) => ({
          id: booking.id,
          title: booking.job.title,
          when: whenOf(booking, timeZone, now),
          seekerName: fullName(booking.seeker),
          address: booking.job.address,
        }))}
        className={`${LIST} ${CARD_ROWS} *:hover:border-brand-500`}
        lines={LINES}
      />
      {more && allActiveJobs ? (
        <p className="mt-3">
          <Link to={allActiveJobs} className="text-sm font-semibold text-brand-700 hover:underline">
            See all your active jobs
          </Link>
        </p>
      ) : null}
    </>
  );
}

export function UpcomingSkeleton() {
  return (
    <SkeletonList count={2} label="Loading upcoming bookings" className={LIST}>
      <div className="card p-4">
        <Bars classes={["h-5 w-2/3 rounded bg-slate-200", "mt-2 h-4 w-1/2 rounded bg-slate-100"]} />
      </div>
    </SkeletonList>
  );
}
