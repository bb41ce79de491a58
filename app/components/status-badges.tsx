import { statusLabel } from "~/lib/format";

/** A job asked of one provider (issue 33 §2): nobody else sees it. */
export function DirectRequestBadge() {
  return (
    <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800" data-testid="direct-request">
      Direct request
    </span>
  );
}

/**
 * A job's or booking's status badge ('in progress'), 'Urgent' beside it when the job is urgent, and 'Direct request'
 * when it was asked of one provider.
 */
export function StatusBadges({
  status,
  colour,
  testId,
  urgent,
  request = false,
}: {
  status: string;
  colour: string | undefined;
  testId: string;
  urgent: boolean;
  request?: boolean;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <span data-testid={testId} className={`rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${colour ?? ""}`}>
        {statusLabel(status)}
      </span>
      {urgent ? <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-700">Urgent</span> : null}
      {request ? <DirectRequestBadge /> : null}
    </div>
  );
}
