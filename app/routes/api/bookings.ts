import { acceptJob, acceptJobInput } from "~/operations/bookings.server";
import { jsonWrite, writeOnly } from "~/services/operation-answers.server";

/** POST /api/bookings: a provider accepts a job (spec §7 payload); 201 with the booking. */
export const action = jsonWrite(acceptJobInput, acceptJob, { status: 201 });

export const loader = writeOnly;
