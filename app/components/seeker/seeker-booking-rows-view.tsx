"use client";

// Its links are plain anchors with <Link>'s markup, followed inside the page by the shell's LinkFollower (decision 0089).
import { CalendarClock, ChevronRight } from "~/components/icons";

// The seeker home's "Your bookings" rows, drawn from plain data the server formatted (seeker/your-bookings.tsx), like
// the dashboard's (booking-rows-view.tsx; a module of its own so each page loads only its rows).

export interface SeekerBookingRowData {
  id: string;
  title: string;
  /** Its time in words, and where it stands ("Booked with Ana Diaz"). */
  when: string;
  standing: string;
}

const CHEVRON = <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />;
const CALENDAR_ICON = <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />;

/** The seeker home's "Your bookings" rows. */
export function SeekerBookingRows({ rows }: { rows: SeekerBookingRowData[] }) {
  return (
    // Child variants style every card from the list once, not on each card (decision 0055).
    <ul
      className="mt-4 grid gap-3 md:grid-cols-2 *:rounded-xl *:border *:border-slate-200 *:bg-white *:shadow-sm *:hover:border-brand-500"
      data-testid="your-bookings"
    >
      {rows.map((row) => (
        <li key={row.id}>
          <a data-testid="your-booking" className="flex items-center gap-3 rounded-xl p-4" href={`/bookings/${row.id}`} data-discover="true">
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold text-slate-900">{row.title}</p>
              <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-slate-900">
                {CALENDAR_ICON}
                {row.when}
              </p>
              <p className="mt-1 text-sm text-slate-600">{row.standing}</p>
            </div>
            {CHEVRON}
          </a>
        </li>
      ))}
    </ul>
  );
}
