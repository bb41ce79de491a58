import { CheckCircle2, Circle } from "~/components/icons";

interface TimelineStep {
  label: string;
  /** When the step happened; null while it is still to come. */
  at: Date | null;
}

interface BookingTimelineProps {
  /** The steps of the booking process that stamp a time (`bookingTimeline` of app/lib/booking-process.ts). */
  steps: TimelineStep[];
  /** Formats an instant in the market's time zone (the server passes it). */
  formatTime: (date: Date) => string;
}

/** Booking Created → Job Started → Job Completed; steps to come are greyed, the latest reached one is current. */
export function BookingTimeline({ steps, formatTime }: BookingTimelineProps) {
  const current = steps.reduce((last, step, index) => (step.at ? index : last), 0);
  return (
    <ol className="grid gap-0" data-testid="booking-timeline">
      {steps.map((step, index) => {
        const done = step.at !== null;
        const last = index === steps.length - 1;
        return (
          <li
            key={step.label}
            aria-current={index === current ? "step" : undefined}
            className="relative flex gap-3 pb-5 last:pb-0"
            data-testid="timeline-step"
            data-state={done ? "done" : "pending"}
          >
            {!last ? (
              <span
                aria-hidden
                className={`absolute left-[11px] top-6 h-[calc(100%-1.5rem)] w-0.5 ${steps[index + 1].at ? "bg-brand-500" : "bg-slate-200"}`}
              />
            ) : null}
            {done ? (
              <CheckCircle2 className="relative h-6 w-6 shrink-0 text-brand-600" aria-hidden />
            ) : (
              <Circle className="relative h-6 w-6 shrink-0 text-slate-300" aria-hidden />
            )}
            <div className="min-w-0">
              <p className={`text-sm font-semibold ${done ? "text-slate-900" : "text-slate-500"}`}>
                {step.label}
                {!done ? <span className="sr-only"> (pending)</span> : null}
              </p>
              {step.at ? (
                <time dateTime={step.at.toISOString()} className="text-sm text-slate-600" data-testid="timeline-time">
                  {formatTime(step.at)}
                </time>
              ) : (
                <p className="text-sm text-slate-500">Pending</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
