import "server-only";

import type { Job as QueuedJob } from "pg-boss";
import { z } from "zod";

import { QUEUES } from "#db/queue.ts";
import { getConfig } from "~/infra/config.server";
import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction, publishEvent } from "~/infra/events.server";
import { verifyUploadedImage } from "~/infra/image-upload.server";
import { enqueue } from "~/infra/queue.server";
import { spendRateLimit, userKey } from "~/infra/rate-limit.server";
import { REQUEST_EXPIRY } from "~/lib/booking-process";
import { forbidden, invalid, notFound } from "~/lib/errors";
import { categoryName } from "~/lib/job-display";
import { formatMoment, formatWindow, requestExpiry, windowProblem, zonedDate, zonedInstant, type Window } from "~/lib/schedule";
import { requestWhenFields, requireWindow, type RequestWhen } from "~/lib/schemas/booking-request";
import { JOB_IMAGE_MAX_BYTES } from "~/lib/uploads";
import { fullName } from "~/lib/user-display";
import {
  displayName,
  endOpenRequests,
  insertRequestedBooking,
  lapseRequest,
  type Booking,
  type OpenRequestScope,
  type PaymentMethod,
} from "~/models/booking.server";
import { createJobSchema, insertJob, jobAfterBookingMove, type NewJob } from "~/models/job.server";
import { notify } from "~/models/notification.server";
import { requestableProvider } from "~/models/provider.server";
import type { User } from "~/models/user.server";

/**
 * POST /api/bookings/requests' body: a job (POST /api/jobs' fields) asked of one provider, for as soon as possible
 * or a day and a time window in the market's time zone.
 */
export const requestInput = createJobSchema.and(
  z
    .object({
      providerId: z.uuid({ error: "providerId must be a provider id" }),
      ...requestWhenFields,
      paymentMethod: z.enum(["card", "paypal", "cash"], { error: "paymentMethod must be card, paypal or cash" }).default("card"),
    })
    .superRefine(requireWindow),
);
export type RequestInput = NewJob & {
  providerId: string;
  when: RequestWhen;
  date?: string;
  startTime?: string;
  endTime?: string;
  paymentMethod?: PaymentMethod;
};

/** The window a request names, read on the market's clock: ASAP starts now and has no end. */
export function requestedWindow(input: Pick<RequestInput, "when" | "date" | "startTime" | "endTime">, timeZone: string, now: Date): Window {
  if (input.when !== "scheduled" || !input.date || !input.startTime || !input.endTime) return { start: now, end: null };
  return { start: zonedInstant(input.date, input.startTime, timeZone), end: zonedInstant(input.date, input.endTime, timeZone) };
}

export const CANNOT_REQUEST_YOURSELF = "You cannot request yourself";

/**
 * A seeker asks one provider (issue 33 §2): an image named by URL must be the seeker's own upload (as for a job);
 * counted against the jobs limit like posting one.
 */
export async function requestProvider(
  actor: Pick<User, "id">,
  input: RequestInput,
  options: { storedImageUrl?: string | null } = {},
): Promise<Booking> {
  const imageUrl = options.storedImageUrl ?? (input.imageUrl ? await verifyUploadedImage(input.imageUrl, actor.id, JOB_IMAGE_MAX_BYTES) : null);
  await spendRateLimit("jobs", userKey(actor.id));
  return requestProviderIn(await getDb(), actor.id, { ...input, imageUrl });
}

/**
 * The request, in one transaction: the provider must offer a service, and the category asked for (404 for no such
 * provider, 400 for another category, 403 for oneself); the window must be one that may be asked for (400). The
 * job is stored addressed to that provider alone, its booking pending until the expiry the schedule gives; the
 * provider is notified (`booking_request`: in-app, live, and email under their alert choices) and the lapse is
 * queued, all with the transaction; the live events leave once it commits.
 */
export async function requestProviderIn(db: Executor, seekerId: string, input: RequestInput, now = new Date()): Promise<Booking> {
  if (input.providerId === seekerId) throw forbidden(CANNOT_REQUEST_YOURSELF);
  const { timeZone } = getConfig();
  const window = requestedWindow(input, timeZone, now);
  const problem = windowProblem(window, now);
  if (problem) throw invalid(problem);
  return inTransaction(db, async (tx) => {
    const provider = await requestableProvider(tx, input.providerId, seekerId);
    if (!provider) throw notFound("Provider not found");
    if (!provider.providerCategories.includes(input.categoryId)) {
      throw invalid(`${fullName(provider)} does not offer ${categoryName(input.categoryId)}`);
    }
    const job = await insertJob(tx, seekerId, input, provider.id);
    const expiresAt = requestExpiry(window, now);
    const booking = await insertRequestedBooking(tx, job, provider.id, { window, expiresAt, paymentMethod: input.paymentMethod ?? "card" });
    await notify(tx, [
      {
        userId: provider.id,
        type: "booking_request",
        title: "New booking request",
        message: `${await displayName(tx, seekerId)} asked you for "${job.title}" · ${formatWindow(window, timeZone, now)}`,
        relatedId: booking.id,
      },
    ]);
    await enqueue(tx, QUEUES.requestExpiry, [{ data: { bookingId: booking.id }, startAfter: expiresAt, singletonKey: booking.id }]);
    await publishEvent(tx, { type: "booking_update", userIds: [seekerId, provider.id], data: { bookingId: booking.id, jobId: job.id } });
    return booking;
  });
}

/**
 * A request's lapse (the `request-expiry` queue, due at its expiry): only while still pending and past its time,
 * settled by the database against an answer or a withdrawal; its job ends with it, the seeker is told (with the
 * offer to post the job to everyone, on the booking page) and both parties' pages update. Null when it had been
 * answered or withdrawn first.
 */
export async function lapseRequestIn(db: Executor, bookingId: string): Promise<Booking | null> {
  return inTransaction(db, async (tx) => {
    const lapsed = await lapseRequest(tx, bookingId);
    if (!lapsed) return null;
    const job = await jobAfterBookingMove(tx, lapsed.jobId, REQUEST_EXPIRY.jobStatus, new Date());
    const { notice } = REQUEST_EXPIRY;
    await notify(tx, [
      {
        userId: lapsed.seekerId,
        type: notice.type,
        title: notice.title,
        message: `${await displayName(tx, lapsed.providerId)} ${notice.verb} "${job.title}"`,
        relatedId: lapsed.id,
      },
    ]);
    await publishEvent(tx, { type: "booking_update", userIds: [lapsed.seekerId, lapsed.providerId], data: { bookingId: lapsed.id, jobId: job.id } });
    return lapsed;
  });
}

/**
 * The request form's page: the provider (their name and the categories they offer; null for no such provider or
 * oneself), the category to start with (the one asked for when they offer it), and the calendar's bounds.
 */
export async function requestPage(actor: Pick<User, "id">, providerId: string, categoryId: string | null, now = new Date()) {
  const provider = await requestableProvider(await getDb(), providerId, actor.id);
  if (!provider || provider.id === actor.id) return null;
  const { timeZone } = getConfig();
  const categories = provider.providerCategories.map((id) => ({ id, name: categoryName(id) }));
  return {
    provider: { id: provider.id, name: fullName(provider), categories },
    categoryId: categoryId && provider.providerCategories.includes(categoryId) ? categoryId : provider.providerCategories[0],
    minDate: zonedDate(now, timeZone),
    timeZone,
  };
}

/** The toast of a request sent: who answers, and by when. */
export function requestSentToast(booking: Pick<Booking, "expiresAt">, providerName: string, now = new Date()) {
  const by = booking.expiresAt ? ` by ${formatMoment(booking.expiresAt, getConfig().timeZone, now)}` : "";
  return { title: "Request sent", description: `${providerName} has been asked to answer${by}.` };
}

/** The worker's handler of the `request-expiry` queue. */
export async function lapseQueuedRequest(job: QueuedJob<{ bookingId: string }>): Promise<void> {
  await lapseRequestIn(await getDb(), job.data.bookingId);
}

/**
 * Ends open requests on someone's behalf (a suspension, a block, a hidden job: issue 34) and tells the other party
 * of each: a "Request ended" notice quoting `notice`, and both parties' pages read it again.
 */
export async function endRequestsIn(tx: Executor, scope: OpenRequestScope, endedBy: string, reason: string, notice = reason): Promise<Booking[]> {
  const ended = await endOpenRequests(tx, scope, endedBy, reason);
  for (const request of ended) {
    const other = request.seekerId === endedBy ? request.providerId : request.seekerId;
    await notify(tx, [{ userId: other, type: "booking_cancelled", title: "Request ended", message: notice, relatedId: request.id }]);
    await publishEvent(tx, {
      type: "booking_update",
      userIds: [request.seekerId, request.providerId],
      data: { bookingId: request.id, jobId: request.jobId },
    });
  }
  return ended;
}
