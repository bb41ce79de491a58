import "server-only";

import { and, asc, desc, eq, getTableColumns, gt, inArray, ne, or, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";

import { bookings, bookingWithdrawals, jobColumns, jobs, users, type Booking, type Job } from "#db/schema.ts";
import { builtOnce } from "~/infra/built-once.server";
import type { Executor } from "~/infra/db.server";
import { columnsOf } from "~/infra/subquery-columns.server";
import { ACTIVE_BOOKING_STATUSES, CANCELLATION_WINDOW_HOURS, PROVIDER_CANCELLATIONS_PER_DAY, type BookingTransition } from "~/lib/booking-process";
import { isUuid } from "~/lib/ids";
import { ACCEPT_JOB } from "~/lib/job-process";
import { CLASH_HOURS, type Window } from "~/lib/schedule";
import { fullName } from "~/lib/user-display";
import { asSeenBy } from "~/models/job.server";

export type { Booking };
export type PaymentMethod = Booking["paymentMethod"];

const AMOUNT = 'must be an amount, such as "25.00"';

/** POST /api/bookings (spec §7): how a client accepts a job. Prices are the server's, never the client's. */
export const createBookingSchema = z.object({
  jobId: z.uuid({ error: "jobId must be a job id" }),
  seekerId: z.uuid().optional(),
  // Not used (the price is the job's budget), but it must be an amount: "-5" or "NaN" is a client's bug to hear of.
  agreedPrice: z
    .union(
      [
        z.number({ error: AMOUNT }).min(0, AMOUNT),
        z
          .string({ error: AMOUNT })
          .trim()
          .regex(/^\d+(\.\d{1,2})?$/, AMOUNT),
      ],
      { error: AMOUNT },
    )
    .optional(),
  paymentMethod: z.enum(["card", "paypal", "cash"], { error: "paymentMethod must be card, paypal or cash" }).default("card"),
  paymentStatus: z.literal("pending", { error: "paymentStatus of a new booking is pending" }).optional(),
  scheduledAt: z.iso.datetime({ offset: true, error: "scheduledAt must be an ISO date-time" }).optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

// The refusals and notices of the job and booking processes, re-exported where their callers found them.
export { GO_ONLINE_TO_ACCEPT, JOB_ALREADY_ACCEPTED, JOB_CANCELLED_BEFORE, JOB_OUT_OF_REACH, TOO_MANY_CANCELLATIONS } from "~/lib/job-process";
export { STATUS_NOTICES } from "~/lib/booking-process";

/**
 * Seconds until the provider may cancel an accepted booking again, or null while they may (decision 0062): at
 * PROVIDER_CANCELLATIONS_PER_DAY in the window, until the oldest of those leaves it. Database time throughout.
 */
export async function cancellationWait(tx: Executor, providerId: string): Promise<number | null> {
  const window = sql.raw(`interval '${CANCELLATION_WINDOW_HOURS} hours'`);
  const recent = await tx
    .select({ secondsLeft: sql<number>`ceil(extract(epoch from (${bookingWithdrawals.withdrawnAt} + ${window} - now())))::int` })
    .from(bookingWithdrawals)
    .where(and(eq(bookingWithdrawals.providerId, providerId), gt(bookingWithdrawals.withdrawnAt, sql`now() - ${window}`)))
    .orderBy(desc(bookingWithdrawals.withdrawnAt))
    .limit(PROVIDER_CANCELLATIONS_PER_DAY);
  if (recent.length < PROVIDER_CANCELLATIONS_PER_DAY) return null;
  return Math.max(1, Number(recent[PROVIDER_CANCELLATIONS_PER_DAY - 1].secondsLeft));
}

/** The booking a provider's accept creates (decision 0011): at the job's budget (or 0), card unless named, pending, now. */
export async function insertAcceptedBooking(
  tx: Executor,
  job: Pick<Job, "id" | "seekerId" | "budget" | "createdAt">,
  providerId: string,
  paymentMethod: PaymentMethod | undefined,
): Promise<Booking> {
  const [booking] = await tx
    .insert(bookings)
    .values({
      jobId: job.id,
      seekerId: job.seekerId,
      providerId,
      agreedPrice: job.budget ?? "0",
      paymentMethod: paymentMethod ?? "card",
      paymentStatus: "pending",
      status: ACCEPT_JOB.bookingStatus,
      scheduledAt: new Date(),
      acceptedAt: sql`now()`,
      jobPostedAt: job.createdAt,
    })
    .returning();
  return booking;
}

/** The pending booking a request creates: for the time asked for, lapsing at `expiresAt` unless answered. */
export async function insertRequestedBooking(
  tx: Executor,
  job: Pick<Job, "id" | "seekerId" | "budget" | "createdAt">,
  providerId: string,
  request: { window: Window; expiresAt: Date; paymentMethod: PaymentMethod },
): Promise<Booking> {
  const [booking] = await tx
    .insert(bookings)
    .values({
      jobId: job.id,
      seekerId: job.seekerId,
      providerId,
      agreedPrice: job.budget ?? "0",
      paymentMethod: request.paymentMethod,
      paymentStatus: "pending",
      status: "pending",
      scheduledAt: request.window.start,
      scheduledEndAt: request.window.end,
      expiresAt: request.expiresAt,
      jobPostedAt: job.createdAt,
    })
    .returning();
  return booking;
}

/**
 * A request lapses, as one conditional update: only while still pending and past its time by the database's clock
 * (an answer or a withdrawal that came first wins). The booking, or null when it was not to lapse.
 */
export async function lapseRequest(tx: Executor, bookingId: string): Promise<Booking | null> {
  const [lapsed] = await tx
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "pending"), sql`${bookings.expiresAt} <= now()`))
    .returning();
  return lapsed ?? null;
}

/** Which open requests end together: a party's (with one other user, or with anyone), or one job's. */
export type OpenRequestScope = { party: string; other?: string } | { jobId: string };

/**
 * Open requests (pending bookings) end in one move (issue 34: a suspension, a block, a hidden job): each cancelled by
 * `cancelledBy` with `reason` (what the other party reads), its still-posted job ended with it (a request is
 * addressed to one provider; it never falls back to everyone). The bookings, for the other parties' notices.
 */
export async function endOpenRequests(tx: Executor, scope: OpenRequestScope, cancelledBy: string, reason: string): Promise<Booking[]> {
  const partyOf = (id: string) => or(eq(bookings.seekerId, id), eq(bookings.providerId, id));
  const within = "jobId" in scope ? eq(bookings.jobId, scope.jobId) : and(partyOf(scope.party), scope.other ? partyOf(scope.other) : undefined);
  const ended = await tx
    .update(bookings)
    .set({ status: "cancelled", cancelledBy, cancelledAt: sql`now()`, cancellationReason: reason, updatedAt: new Date() })
    .where(and(eq(bookings.status, "pending"), within))
    .returning();
  if (ended.length > 0)
    await tx
      .update(jobs)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(and(inArray(jobs.id, [...new Set(ended.map((booking) => booking.jobId))]), eq(jobs.status, "posted")));
  return ended;
}

/** The pending request on one of the seeker's jobs, locked (a withdrawn job withdraws its request in the same move). */
export async function lockPendingRequestOfJob(tx: Executor, jobId: string, seekerId: string): Promise<Booking | null> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.jobId, jobId), eq(bookings.seekerId, seekerId), eq(bookings.status, "pending")))
    .for("update");
  return row ?? null;
}

/** A booking with its job and the other party, for the provider dashboard's lists. */
export type ProviderBookingItem = Booking & { job: BookingJob; seeker: Omit<PartySummary, "phoneNumber"> };

/** The provider's lists of bookings: open requests, upcoming accepted bookings, active (accepted or started) jobs. */
type ProviderList = "requests" | "upcoming" | "active";
const PROVIDER_LISTS: ProviderList[] = ["requests", "upcoming", "active"];

/**
 * Each list's rule, in one place: which bookings (a lapsed request the expiry job has not reached yet is left out)
 * and in what order (requests and active jobs newest first, upcoming soonest first, the indexed
 * `bookings_provider_scheduled_idx`).
 */
const PROVIDER_LIST_RULES = {
  requests: { status: () => and(eq(bookings.status, "pending"), sql`${bookings.expiresAt} > now()`), order: () => desc(bookings.createdAt) },
  upcoming: { status: () => eq(bookings.status, "accepted"), order: () => asc(bookings.scheduledAt) },
  active: { status: () => inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]), order: () => desc(bookings.createdAt) },
} satisfies Record<ProviderList, { status: () => SQL | undefined; order: () => SQL }>;

/**
 * One list's bookings (with the list's number and each one's place in it): the provider's, by the list's rule, in
 * its order, limited. Their jobs and seekers are joined to the limited lists only; the bookings' columns come from
 * the list's own read of them (issue 36: reading each booking again by id was a fifth of the statement's time).
 */
function providerListSelect(db: Executor, which: ProviderList, providerId: Placeholder) {
  const rule = PROVIDER_LIST_RULES[which];
  return db
    .select({
      list: sql<number>`${sql.raw(String(PROVIDER_LISTS.indexOf(which)))}`.as("list_no"),
      position: sql<number>`row_number() over (order by ${rule.order()})`.as("list_place"),
      ...getTableColumns(bookings),
    })
    .from(bookings)
    .where(and(eq(bookings.providerId, providerId), rule.status()))
    .orderBy(rule.order())
    .limit(sql.placeholder(`${which}Limit`));
}

/** The provider dashboard's three lists of bookings, at most `limits` of each (issue 36: one round trip for the three). */
export type ProviderDashboardBookings = Record<ProviderList, ProviderBookingItem[]>;

/**
 * The provider's open requests, upcoming bookings and active jobs (each by its rule above) read in one statement: a
 * UNION ALL of the three limited lists, split here. A booking both upcoming and active comes in both.
 */
export async function listProviderDashboardBookings(
  db: Executor,
  providerId: string,
  limits: Record<ProviderList, number>,
): Promise<ProviderDashboardBookings> {
  const rows = await providerDashboardBookingsQuery(db).execute({
    providerId,
    requestsLimit: limits.requests,
    upcomingLimit: limits.upcoming,
    activeLimit: limits.active,
  });
  const lists: ProviderDashboardBookings = { requests: [], upcoming: [], active: [] };
  for (const { list, booking, job, exactLocation, seeker } of rows)
    lists[PROVIDER_LISTS[list]].push({ ...booking, job: asSeenBy(job, Boolean(exactLocation)), seeker });
  return lists;
}

/** The dashboard's three lists in one statement, built once per database (every dashboard visit runs it). */
const providerDashboardBookingsQuery = builtOnce((db) => {
  const providerId = sql.placeholder("providerId");
  const [requests, upcoming, active] = PROVIDER_LISTS.map((which) => providerListSelect(db, which, providerId));
  const listed = requests.unionAll(upcoming).unionAll(active).as("listed");
  const booking = columnsOf(getTableColumns(bookings), listed);
  return db
    .select({
      list: sql<number>`${listed.list}`.mapWith(Number),
      booking,
      job: jobColumns,
      exactLocation: seesExactLocation(providerId, listed),
      seeker: partySummary,
    })
    .from(listed)
    .innerJoin(jobs, eq(jobs.id, listed.jobId))
    .innerJoin(users, eq(users.id, listed.seekerId))
    .orderBy(listed.list, listed.position)
    .prepare("provider_dashboard_bookings");
});

/** The provider's accepted or started bookings whose time lies within CLASH_HOURS of `window` (not `exceptId`). */
export function clashingBookings(db: Executor, providerId: string, window: Window, exceptId: string) {
  return activeBookingsAround(db, providerId, window, 3, exceptId);
}

/**
 * The provider's accepted or started bookings whose time lies within CLASH_HOURS of `span` (a window covering
 * several requests), soonest first: read once for all of a page's requests, then compared with `clashes`.
 */
export async function activeBookingsAround(
  db: Executor,
  providerId: string,
  span: Window,
  limit = 200,
  exceptId?: string,
): Promise<Pick<Booking, "id" | "scheduledAt" | "scheduledEndAt">[]> {
  const margin = sql.raw(`interval '${CLASH_HOURS} hours'`);
  const end = span.end ?? span.start;
  return db
    .select({ id: bookings.id, scheduledAt: bookings.scheduledAt, scheduledEndAt: bookings.scheduledEndAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, providerId),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        exceptId ? ne(bookings.id, exceptId) : undefined,
        sql`${bookings.scheduledAt} < ${end.toISOString()}::timestamptz + ${margin}`,
        sql`coalesce(${bookings.scheduledEndAt}, ${bookings.scheduledAt}) > ${span.start.toISOString()}::timestamptz - ${margin}`,
      ),
    )
    .orderBy(asc(bookings.scheduledAt))
    .limit(limit);
}

/** A booking with its job and the provider, for the seeker's "Your bookings". */
export type SeekerBookingItem = Booking & { job: BookingJob; provider: Omit<PartySummary, "phoneNumber"> };

/**
 * The seeker's open requests (a lapsed one the expiry job has not reached yet left out) and accepted or started
 * bookings, soonest first.
 */
export async function listSeekerBookings(db: Executor, seekerId: string, limit = 10): Promise<SeekerBookingItem[]> {
  const rows = await seekerBookingsQuery(db).execute({ seekerId, limit });
  return rows.map(({ booking, job, provider }) => ({ ...booking, job: asSeenBy(job, true), provider }));
}

/** listSeekerBookings' query, built once per database: the seeker home runs it each time. */
const seekerBookingsQuery = builtOnce((db) =>
  db
    .select({ booking: bookings, job: jobColumns, provider: partySummary })
    .from(bookings)
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .innerJoin(users, eq(users.id, bookings.providerId))
    .where(
      and(
        eq(bookings.seekerId, sql.placeholder("seekerId")),
        or(and(eq(bookings.status, "pending"), sql`${bookings.expiresAt} > now()`), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])),
      ),
    )
    .orderBy(asc(bookings.scheduledAt))
    .limit(sql.placeholder("limit"))
    .prepare("seeker_bookings"),
);

/** The name another user reads in a notification: never the email address (decision 0018). */
export async function displayName(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return row ? fullName(row) : "Someone";
}

const partySummary = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  averageRating: users.averageRating,
};

/** A booking's job as one of its parties sees it (decision 0039): its own columns (§3), the exact place or the area. */
export type BookingJob = Omit<Job, "position"> & { exactLocation: boolean };

/** A booking (every column of §3) with its job. */
export type BookingListItem = Booking & { job: BookingJob };

/** GET /api/bookings/my-bookings: the user's bookings on either side, newest first. */
export async function listMyBookings(
  db: Executor,
  userId: string,
  options: { asProvider?: boolean; statuses?: Booking["status"][]; limit?: number } = {},
): Promise<BookingListItem[]> {
  const party = options.asProvider === undefined ? "either" : options.asProvider ? "provider" : "seeker";
  const query = myBookingsQuery(db, `${party}:${options.statuses?.join(",") ?? ""}`);
  const rows = await query.execute({ userId, limit: options.limit ?? 200 });
  return rows.map(({ booking, job, exactLocation }) => ({ ...booking, job: asSeenBy(job, Boolean(exactLocation)) }));
}

/** listMyBookings' query of one shape ("<either|provider|seeker>:<statuses>"), built once per database. */
const myBookingsQuery = builtOnce((db, shape) => {
  const [party, statusList] = shape.split(":");
  const userId = sql.placeholder("userId");
  const statuses = statusList ? (statusList.split(",") as Booking["status"][]) : [];
  const partyIs =
    party === "either"
      ? or(eq(bookings.seekerId, userId), eq(bookings.providerId, userId))
      : eq(party === "provider" ? bookings.providerId : bookings.seekerId, userId);
  return db
    .select({ booking: bookings, job: jobColumns, exactLocation: seesExactLocation(userId) })
    .from(bookings)
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .where(and(partyIs, statuses.length ? inArray(bookings.status, statuses) : undefined))
    .orderBy(desc(bookings.createdAt))
    .limit(sql.placeholder("limit"))
    .prepare(`my_bookings_${party}_${statuses.join("_")}`);
});

/**
 * Whether a party of the booking gets its job's exact address (decision 0039): the seeker always, the provider
 * while the booking is active. Otherwise the job's area.
 */
function seesExactLocation(userId: string | Placeholder, booking: { seekerId: SQLWrapper; status: SQLWrapper } = bookings) {
  return sql<boolean>`(${booking.seekerId} = ${userId} or ${inArray(booking.status, [...ACTIVE_BOOKING_STATUSES])})`;
}

export { partySummary };

export type PartySummary = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  averageRating: string;
  /** Only while the booking is active (decision 0018); null otherwise. */
  phoneNumber: string | null;
};
export type BookingDetail = Booking & {
  job: BookingJob;
  seeker: PartySummary;
  provider: PartySummary;
};

const seekerUser = alias(users, "seeker_user");
const providerUser = alias(users, "provider_user");

/** While a booking is in one of these statuses its two parties see each other's phone number (decision 0018). */
export const CONTACT_SHARING_STATUSES = ACTIVE_BOOKING_STATUSES;

/**
 * A booking with its job and both parties, only for one of the two parties
 * (anyone else: null, shown as 404). The parties' phone numbers come along
 * only while the booking is active; email addresses never do.
 */
export async function getBookingForParty(db: Executor, bookingId: string, userId: string): Promise<BookingDetail | null> {
  if (!isUuid(bookingId)) return null;
  const active = inArray(bookings.status, [...CONTACT_SHARING_STATUSES]);
  const summary = (u: typeof seekerUser | typeof providerUser) => ({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    averageRating: u.averageRating,
    phoneNumber: sql<string | null>`case when ${active} then ${u.phoneNumber} end`,
  });
  const [row] = await db
    .select({
      booking: bookings,
      job: jobColumns,
      exactLocation: seesExactLocation(userId),
      seeker: summary(seekerUser),
      provider: summary(providerUser),
    })
    .from(bookings)
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .innerJoin(seekerUser, eq(seekerUser.id, bookings.seekerId))
    .innerJoin(providerUser, eq(providerUser.id, bookings.providerId))
    .where(and(eq(bookings.id, bookingId), or(eq(bookings.seekerId, userId), eq(bookings.providerId, userId))))
    .limit(1);
  if (!row) return null;
  return { ...row.booking, job: asSeenBy(row.job, Boolean(row.exactLocation)), seeker: row.seeker, provider: row.provider };
}

/** The booking, locked for a move, when `userId` is one of its parties (authorization in the query); else null. */
export async function lockBookingForParty(tx: Executor, bookingId: string, userId: string): Promise<Booking | null> {
  if (!isUuid(bookingId)) return null;
  const [current] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), or(eq(bookings.seekerId, userId), eq(bookings.providerId, userId))))
    .for("update");
  return current ?? null;
}

/**
 * The provider's row, locked: their cancellations after accepting go one at a time, so the count of
 * `cancellationWait` cannot be raced past (decision 0062).
 */
export async function lockProviderCancellations(tx: Executor, providerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, providerId)).for("no key update");
}

/**
 * Writes one move of the booking process: the status and the move's timestamp, on condition that the booking is
 * still where it was read (null otherwise: a concurrent move won) and, for a request, that it has not lapsed by the
 * database's clock (the expiry job may be late; a lapsed request is never accepted); a cancellation records who and
 * why, a withdrawal is recorded (decision 0062).
 */
export async function writeBookingMove(
  tx: Executor,
  current: Booking,
  step: BookingTransition,
  now: Date,
  cancellation: { by: string; reason: string | null } | null = null,
): Promise<Booking | null> {
  const [moved] = await tx
    .update(bookings)
    .set({
      status: step.to,
      updatedAt: now,
      ...(step.stamp?.column === "startedAt" ? { startedAt: now } : {}),
      ...(step.stamp?.column === "completedAt" ? { completedAt: now } : {}),
      ...(step.to === "cancelled" && cancellation ? { cancelledBy: cancellation.by, cancelledAt: now, cancellationReason: cancellation.reason } : {}),
      // An accepted request lapses no more (and its page tells it from one that ended unanswered by this).
      ...(step.from === "pending" && step.to === "accepted" ? { expiresAt: null, acceptedAt: now } : {}),
    })
    .where(
      and(
        eq(bookings.id, current.id),
        eq(bookings.status, step.from),
        step.from === "pending" && step.to === "accepted" ? sql`(${bookings.expiresAt} is null or ${bookings.expiresAt} > now())` : undefined,
      ),
    )
    .returning();
  if (!moved) return null;
  if (step.withdrawal) await tx.insert(bookingWithdrawals).values({ bookingId: current.id, providerId: current.providerId, jobId: current.jobId });
  return moved;
}

/** One more completed job on the provider's row (spec §3 totalJobsCompleted), in the move's transaction. */
export async function countCompletedJob(tx: Executor, providerId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ totalJobsCompleted: sql`${users.totalJobsCompleted} + 1`, updatedAt: now })
    .where(eq(users.id, providerId));
}
