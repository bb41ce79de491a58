import "server-only";
import {
  acceptJob as storeAcceptance,
  createBookingSchema,
  getBookingForParty,
  listMyBookings,
  type Booking,
  type BookingDetail,
  type BookingListItem,
  type PaymentMethod,
} from "~/models/booking.server";
import { notFound } from "~/models/errors";
import type { User } from "~/models/user.server";
import { getDb } from "~/services/db.server";

/** POST /api/bookings' body (spec §7: jobId, seekerId, agreedPrice, paymentMethod, paymentStatus, scheduledAt). */
export const acceptJobInput = createBookingSchema;

/**
 * A provider accepts a posted job (spec §4, §6): online, within reach, not their own; the first of two providers
 * wins, the database settles the race (409 for the other). The booking, with the seeker notified.
 */
export async function acceptJob(actor: Pick<User, "id" | "currentRole">, input: { jobId: string; paymentMethod?: PaymentMethod; seekerId?: string }): Promise<Booking> {
  return storeAcceptance(await getDb(), actor, input);
}

/** The actor's bookings on either side, newest first, each with every column and its job (spec §3). */
export async function myBookings(actor: Pick<User, "id">): Promise<BookingListItem[]> {
  return listMyBookings(await getDb(), actor.id);
}

/** A booking with its job and both parties, for one of its parties (404 to anyone else). */
export async function bookingFor(actor: Pick<User, "id">, bookingId: string): Promise<BookingDetail> {
  const booking = await getBookingForParty(await getDb(), bookingId, actor.id);
  if (!booking) throw notFound("Booking not found");
  return booking;
}
