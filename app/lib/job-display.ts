// Display helpers for jobs and categories, shared by server and client components.
import { CATEGORIES } from "./categories.ts";
import { SHARED_STATUS_STYLES } from "./format.ts";
import type { BookingStatus } from "./statuses.ts";

export function categoryName(categoryId: string): string {
  return CATEGORIES.find((c) => c.id === categoryId)?.name ?? categoryId;
}

/** "1 available", "0 available": the seeker home's count of online providers in a category. */
export function availableLabel(count: number): string {
  return `${count} available`;
}

/** Filter tabs of /my-jobs: `null` is All. */
export const MY_JOBS_TABS = [
  { status: null, label: "All" },
  { status: "posted", label: "Posted" },
  { status: "matched", label: "Matched" },
  { status: "in_progress", label: "In progress" },
  { status: "completed", label: "Completed" },
  { status: "cancelled", label: "Cancelled" },
] as const;

export type MyJobsStatus = Exclude<(typeof MY_JOBS_TABS)[number]["status"], null>;

export function parseMyJobsStatus(value: string | null): MyJobsStatus | null {
  return MY_JOBS_TABS.find((t) => t.status !== null && t.status === value)?.status ?? null;
}

export function myJobsHref(status: MyJobsStatus | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `/my-jobs?${query}` : "/my-jobs";
}

export type BookingStatusName = BookingStatus;

/** Booking badge colours (the spec names none; these follow the job badges). */
export const BOOKING_STATUS_STYLES: Record<BookingStatusName, string> = {
  pending: "bg-slate-100 text-slate-700",
  accepted: "bg-blue-100 text-blue-800",
  ...SHARED_STATUS_STYLES,
};
