// Moved to `booking-process.ts` (decision 0069). Kept for the modules that still import the constants from here.
export { ACTIVE_BOOKING_STATUSES, CANCELLATION_HISTORY_DAYS, CANCELLATION_WINDOW_HOURS, PROVIDER_CANCELLATIONS_PER_DAY } from "./booking-process";
