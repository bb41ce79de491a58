import "server-only";
import { acceptJob as storeAcceptance, createBookingSchema, type Booking, type PaymentMethod } from "~/models/booking.server";
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
