import "server-only";
import { and, desc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { bookingWithdrawals, bookings, jobColumns, jobs, users, type Booking, type Job } from "../../db/schema.ts";
import type { Executor } from "../services/db.server";
import { isUuid } from "../lib/ids";
import {
  ACTIVE_BOOKING_STATUSES,
  BOOKING_STATUSES,
  CANCELLATION_WINDOW_HOURS,
  PROVIDER_CANCELLATIONS_PER_DAY,
  jobStatusAfter,
  refusal as lifecycleRefusal,
} from "../lib/booking-lifecycle";
import { chordForMiles, NEARBY_RADIUS_MILES, unitSphereCube } from "../lib/geo";
import { fullName } from "../lib/user-display";
import { inTransaction, publishEvent } from "../services/events.server";
import { DomainError, RateLimited, conflict, forbidden, invalid, notFound } from "./errors";
import { asSeenBy, providerCenter, publishJobUpdate, withdrawnBy } from "./job.server";
import { notify } from "./notification.server";

export type { Booking };
export type PaymentMethod = Booking["paymentMethod"];

const AMOUNT = 'must be an amount, such as "25.00"';

/** POST /api/bookings (spec §7): how a client accepts a job. Prices are the server's, never the client's. */
export const createBookingSchema = z.object({
  jobId: z.uuid({ error: "jobId must be a job id" }),
  seekerId: z.uuid().optional(),
  // Not used (the price is the job's budget), but it must be an amount: "-5" or "NaN" is a client's bug to hear of.
  agreedPrice: z
    .union([z.number({ error: AMOUNT }).min(0, AMOUNT), z.string({ error: AMOUNT }).trim().regex(/^\d+(\.\d{1,2})?$/, AMOUNT)], { error: AMOUNT })
    .optional(),
  paymentMethod: z.enum(["card", "paypal", "cash"], { error: "paymentMethod must be card, paypal or cash" }).default("card"),
  paymentStatus: z.literal("pending", { error: "paymentStatus of a new booking is pending" }).optional(),
  scheduledAt: z.iso.datetime({ offset: true, error: "scheduledAt must be an ISO date-time" }).optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export const JOB_ALREADY_ACCEPTED = "This job was already accepted";
export const GO_ONLINE_TO_ACCEPT = "Go online to accept jobs";
export const JOB_OUT_OF_REACH = `This job is more than ${NEARBY_RADIUS_MILES} miles from your location`;
export const JOB_CANCELLED_BEFORE = "You cancelled this job after accepting it: it is left to other providers";
export const TOO_MANY_CANCELLATIONS = `You cancelled ${PROVIDER_CANCELLATIONS_PER_DAY} accepted bookings in the last ${CANCELLATION_WINDOW_HOURS} hours`;

/**
 * Seconds until the provider may cancel an accepted booking again, or null while they may (decision 0062): at
 * PROVIDER_CANCELLATIONS_PER_DAY in the window, until the oldest of those leaves it. Database time throughout.
 */
async function cancellationWait(tx: Executor, providerId: string): Promise<number | null> {
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


/**
 * A provider accepts a posted job: in one transaction the job moves to matched
 * (a conditional update, so of concurrent accepts exactly one wins) and the
 * booking is created as accepted, at the job's budget (or 0), card, pending.
 *
 * Only what "Available Jobs Near You" would list (decision 0039): the provider
 * must be online (read and share-locked in the transaction, so going offline
 * waits for it) and the job within NEARBY_RADIUS_MILES of `providerCenter`;
 * both are conditions of the update, as is that they never cancelled this job
 * after accepting it (decision 0062). A provider at their daily allowance of
 * such cancellations accepts nothing until it frees up (429). Otherwise a
 * refusal names the first reason the provider cannot change: unknown job
 * (404), taken (409), their own (403), cancelled by them before (409), then
 * offline (403) and out of reach (403).
 */
export async function acceptJob(
  db: Executor,
  provider: { id: string; currentRole: string },
  input: { jobId: string; paymentMethod?: PaymentMethod; seekerId?: string },
): Promise<Booking> {
  if (provider.currentRole !== "provider") throw forbidden("Only providers can accept jobs. Switch to offering services first.");
  if (!isUuid(input.jobId)) throw notFound("Job not found");
  return inTransaction(db, async (tx) => {
    const [me] = await tx
      .select({ online: users.isProviderOnline, role: users.currentRole, latitude: users.latitude, longitude: users.longitude })
      .from(users)
      .where(eq(users.id, provider.id))
      .for("share");
    const wait = await cancellationWait(tx, provider.id);
    if (wait !== null) throw new RateLimited(wait, TOO_MANY_CANCELLATIONS);
    const online = me?.online === true && me.role === "provider";
    const center = sql`${unitSphereCube(providerCenter(me ?? { latitude: null, longitude: null }))}::cube`;
    const withinReach = sql<boolean>`(${jobs.position} <-> ${center}) <= ${chordForMiles(NEARBY_RADIUS_MILES)}`;
    const [job] = online
      ? await tx
          .update(jobs)
          .set({ status: "matched", updatedAt: new Date() })
          .where(and(eq(jobs.id, input.jobId), eq(jobs.status, "posted"), ne(jobs.seekerId, provider.id), withinReach, sql`not ${withdrawnBy(provider.id)}`))
          .returning(jobColumns)
      : [];
    if (!job) {
      const [existing] = await tx
        .select({ status: jobs.status, seekerId: jobs.seekerId, withinReach, withdrawn: withdrawnBy(provider.id) })
        .from(jobs)
        .where(eq(jobs.id, input.jobId));
      if (!existing) throw notFound("Job not found");
      if (existing.status !== "posted") throw conflict(JOB_ALREADY_ACCEPTED);
      if (existing.seekerId === provider.id) throw forbidden("You cannot accept your own job");
      if (existing.withdrawn) throw conflict(JOB_CANCELLED_BEFORE);
      if (!online) throw forbidden(GO_ONLINE_TO_ACCEPT);
      if (!existing.withinReach) throw forbidden(JOB_OUT_OF_REACH);
      throw conflict(JOB_ALREADY_ACCEPTED);
    }
    if (input.seekerId && input.seekerId !== job.seekerId) throw invalid("seekerId does not match the job's seeker");
    const now = new Date();
    const [booking] = await tx
      .insert(bookings)
      .values({
        jobId: job.id,
        seekerId: job.seekerId,
        providerId: provider.id,
        agreedPrice: job.budget ?? "0",
        paymentMethod: input.paymentMethod ?? "card",
        paymentStatus: "pending",
        status: "accepted",
        scheduledAt: now,
      })
      .returning();
    const name = await displayName(tx, provider.id);
    await notify(tx, [
      { userId: job.seekerId, type: "booking_accepted", title: "Job accepted", message: `${name} accepted "${job.title}"`, relatedId: booking.id },
    ]);
    await publishEvent(tx, { type: "booking_update", userIds: [job.seekerId, provider.id], data: { bookingId: booking.id, jobId: job.id } });
    await publishJobUpdate(tx, job);
    return booking;
  });
}

/** The name another user reads in a notification: never the email address (decision 0018). */
async function displayName(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return row ? fullName(row) : "Someone";
}

export const STATUS_NOTICES: Partial<Record<Booking["status"], { title: string; verb: string }>> = {
  accepted: { title: "Booking accepted", verb: "accepted" },
  in_progress: { title: "Job started", verb: "started work on" },
  completed: { title: "Job completed", verb: "completed" },
  cancelled: { title: "Booking cancelled", verb: "cancelled the booking for" },
};

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
  const party =
    options.asProvider === undefined
      ? or(eq(bookings.seekerId, userId), eq(bookings.providerId, userId))
      : options.asProvider
        ? eq(bookings.providerId, userId)
        : eq(bookings.seekerId, userId);
  const rows = await db
    .select({ booking: bookings, job: jobColumns, exactLocation: seesExactLocation(userId) })
    .from(bookings)
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .where(and(party, options.statuses?.length ? inArray(bookings.status, options.statuses) : undefined))
    .orderBy(desc(bookings.createdAt))
    .limit(options.limit ?? 200);
  return rows.map(({ booking, job, exactLocation }) => ({ ...booking, job: asSeenBy(job, Boolean(exactLocation)) }));
}

/**
 * Whether a party of the booking gets its job's exact address (decision 0039): the seeker always, the provider
 * while the booking is active. Otherwise the job's area.
 */
function seesExactLocation(userId: string) {
  return sql<boolean>`(${bookings.seekerId} = ${userId} or ${inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])})`;
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

export const updateBookingStatusSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(", ")}` }),
});

/**
 * Moves a booking along the lifecycle table (`app/lib/booking-lifecycle.ts`):
 * only its two parties see it (404 otherwise), the table says who may make
 * which move (403 / 409 naming the status), and the job follows in the same
 * transaction; completing adds one to the provider's completed jobs. A
 * provider cancelling an accepted booking is recorded (decision 0062), at most
 * PROVIDER_CANCELLATIONS_PER_DAY in the window (429 past it).
 */
export async function transitionBooking(db: Executor, bookingId: string, userId: string, to: Booking["status"]): Promise<Booking> {
  if (!isUuid(bookingId)) throw notFound("Booking not found");
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), or(eq(bookings.seekerId, userId), eq(bookings.providerId, userId))))
      .for("update");
    if (!current) throw notFound("Booking not found");
    const party = current.providerId === userId ? "provider" : "seeker";
    const refused = lifecycleRefusal(current.status, to, party);
    if (refused) throw new DomainError(refused.kind, refused.message);
    const withdrawal = party === "provider" && to === "cancelled" && current.status === "accepted";
    if (withdrawal) {
      // The provider's row, locked, makes their cancellations one at a time: the count below cannot be raced past.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
      const wait = await cancellationWait(tx, userId);
      if (wait !== null) throw new RateLimited(wait, TOO_MANY_CANCELLATIONS);
    }
    const now = new Date();
    const [moved] = await tx
      .update(bookings)
      .set({
        status: to,
        updatedAt: now,
        ...(to === "in_progress" ? { startedAt: now } : {}),
        ...(to === "completed" ? { completedAt: now } : {}),
      })
      .where(and(eq(bookings.id, current.id), eq(bookings.status, current.status)))
      .returning();
    if (!moved) throw conflict(`This booking is no longer ${current.status.replace("_", " ")}`);
    if (withdrawal) await tx.insert(bookingWithdrawals).values({ bookingId: current.id, providerId: userId, jobId: current.jobId });
    const jobStatus = jobStatusAfter(to, party);
    const [job] = jobStatus
      ? await tx.update(jobs).set({ status: jobStatus, updatedAt: now }).where(eq(jobs.id, current.jobId)).returning(jobColumns)
      : await tx.select(jobColumns).from(jobs).where(eq(jobs.id, current.jobId));
    if (to === "completed") {
      await tx
        .update(users)
        .set({ totalJobsCompleted: sql`${users.totalJobsCompleted} + 1`, updatedAt: now })
        .where(eq(users.id, current.providerId));
    }
    const other = party === "provider" ? current.seekerId : current.providerId;
    const notice = STATUS_NOTICES[to];
    if (notice) {
      await notify(tx, [
        {
          userId: other,
          // The spec has no type for a booking that starts or completes: it is the accepted booking moving on (decision 0042).
          type: to === "cancelled" ? "booking_cancelled" : "booking_accepted",
          title: notice.title,
          message: `${await displayName(tx, userId)} ${notice.verb} "${job.title}"`,
          relatedId: current.id,
        },
      ]);
    }
    await publishEvent(tx, { type: "booking_update", userIds: [current.seekerId, current.providerId], data: { bookingId: current.id, jobId: job.id } });
    await publishJobUpdate(tx, job);
    return moved;
  });
}
