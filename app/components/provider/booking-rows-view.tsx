"use client";

// Its links are plain anchors with <Link>'s markup, followed inside the page by the shell's LinkFollower (decision 0089).
import { CalendarClock, ChevronRight, MapPin } from "~/components/icons";

// The dashboard's Active Jobs and Upcoming rows, drawn from plain data the server formatted: the RSC payload carries
// each row's data once rather than its elements (issue 36 §2).

export interface ActiveJobRowData {
  id: string;
  title: string;
  status: { label: string; className: string };
  urgent: boolean;
  category: string;
  address: string | null;
  /** "$126.00". */
  price: string;
}

export interface UpcomingRowData {
  id: string;
  title: string;
  /** When it is for, in words, and its start as ISO when it has a window. */
  when: { words: string; dateTime: string | null };
  seekerName: string;
  address: string | null;
}

// Made once: every row shares them (decision 0078).
const URGENT = <span className="pill-urgent">Urgent</span>;
const ROW_PLACE_ICON = <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />;
const ROW_CHEVRON = <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />;

/** The provider's accepted and in-progress bookings, each linking to its booking page. */
export function ActiveJobRows({ rows }: { rows: ActiveJobRowData[] }) {
  return (
    <ul className="mt-4 grid gap-3 md:grid-cols-2" data-testid="active-jobs">
      {rows.map((row) => (
        <li key={row.id}>
          <a data-testid="active-job" className="card-link flex items-center gap-3 p-4" href={`/bookings/${row.id}`} data-discover="true">
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold text-slate-900">{row.title}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500">
                <span className={`pill font-medium capitalize ${row.status.className}`}>{row.status.label}</span>
                {row.urgent ? URGENT : null}
                <span>{row.category}</span>
                <span className="inline-flex min-w-0 items-center gap-1 break-words">
                  {ROW_PLACE_ICON}
                  {row.address}
                </span>
              </p>
            </div>
            <span className="shrink-0 text-lg font-bold text-slate-900">{row.price}</span>
            {ROW_CHEVRON}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Accepted bookings, soonest first (`className`: the list's grid and card rows; `lines`: the lines' layout). */
export function UpcomingRows({ rows, className, lines }: { rows: UpcomingRowData[]; className: string; lines: string }) {
  return (
    <ul className={className} data-testid="upcoming">
      {rows.map((row) => (
        <li key={row.id}>
          <a data-testid="upcoming-booking" className="flex items-center gap-3 rounded-xl p-4" href={`/bookings/${row.id}`} data-discover="true">
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold text-slate-900">{row.title}</p>
              <div className={lines}>
                <p className="font-medium text-slate-900">
                  <CalendarClock aria-hidden />
                  {row.when.dateTime ? <time dateTime={row.when.dateTime}>{row.when.words}</time> : <span>{row.when.words}</span>}
                </p>
                <p>{row.seekerName}</p>
                <p className="break-words">
                  <MapPin aria-hidden />
                  {row.address}
                </p>
              </div>
            </div>
            <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
          </a>
        </li>
      ))}
    </ul>
  );
}
