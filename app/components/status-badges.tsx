import { statusLabel } from "~/lib/format";

/** A job's or booking's status badge ('in progress'), and 'Urgent' beside it when the job is urgent. */
export function StatusBadges({ status, colour, testId, urgent }: { status: string; colour: string | undefined; testId: string; urgent: boolean }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <span data-testid={testId} className={`rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${colour ?? ""}`}>
        {statusLabel(status)}
      </span>
      {urgent ? <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-700">Urgent</span> : null}
    </div>
  );
}
