import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { CalendarPlus } from "~/components/icons";

/** "Add to calendar": the booking's .ics file (GET /bookings/{id}/calendar.ics), downloaded with or without JavaScript. */
export function AddToCalendar({ bookingId }: { bookingId: string }) {
  return (
    <a
      href={`/bookings/${bookingId}/calendar.ics`}
      download
      className={`inline-flex items-center justify-center gap-2 ${SECONDARY_BUTTON_CLASS}`}
      data-testid="add-to-calendar"
    >
      <CalendarPlus className="h-4 w-4" aria-hidden />
      Add to calendar
    </a>
  );
}
