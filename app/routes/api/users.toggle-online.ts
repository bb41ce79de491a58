import { availabilityInput, setAvailability } from "~/operations/availability.server";
import { jsonWrite, writeOnly } from "~/services/operation-answers.server";

/** POST /api/users/toggle-online {isOnline} */
export const action = jsonWrite(availabilityInput, setAvailability);

export const loader = writeOnly;
