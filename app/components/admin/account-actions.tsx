import { INPUT_CLASS, LABEL_CLASS, PRIMARY_BUTTON_CLASS } from "~/components/forms/styles";
import { OPERATOR_REASON_MAX } from "~/lib/trust-safety";
import { OPERATOR_NOT_SUSPENDED } from "~/lib/trust-safety-texts";

const DAY_CHOICES = [1, 3, 7, 30, 90, 365];

/** The reason every operator action requires (shown in the audit log and, for a suspension, to the user). */
function ReasonField({ id, hint }: { id: string; hint: string }) {
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        Reason
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      <textarea
        id={id}
        name="reason"
        required
        maxLength={OPERATOR_REASON_MAX}
        rows={2}
        aria-describedby={`${id}-hint`}
        className={`mt-1 ${INPUT_CLASS}`}
      />
    </div>
  );
}

/** Suspend (for days or indefinitely) or reinstate a user: plain forms posting to their console page. */
export function AccountActions({
  userId,
  suspended,
  isSelf,
  isOperator,
}: {
  userId: string;
  suspended: boolean;
  isSelf: boolean;
  isOperator: boolean;
}) {
  const action = `/admin/users/${userId}`;
  if (suspended) {
    return (
      <form method="post" action={action} className="grid gap-3" aria-label="Reinstate">
        <input type="hidden" name="intent" value="reinstate" />
        <ReasonField id="reinstate-reason" hint="Recorded in the audit log." />
        <div>
          <button type="submit" className={PRIMARY_BUTTON_CLASS}>
            Reinstate
          </button>
        </div>
      </form>
    );
  }
  if (isSelf) return <p className="text-sm text-slate-600">You cannot suspend yourself.</p>;
  if (isOperator) return <p className="text-sm text-slate-600">{OPERATOR_NOT_SUSPENDED}.</p>;
  return (
    <form method="post" action={action} className="grid gap-3" aria-label="Suspend">
      <input type="hidden" name="intent" value="suspend" />
      <ReasonField id="suspend-reason" hint="The user reads it on the sign-in page and in the email; recorded in the audit log." />
      <div>
        <label htmlFor="suspend-days" className={LABEL_CLASS}>
          For
        </label>
        <select id="suspend-days" name="days" defaultValue="7" className={`mt-1 ${INPUT_CLASS} max-w-xs`}>
          {DAY_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days === 1 ? "1 day" : `${days} days`}
            </option>
          ))}
          <option value="">Indefinitely</option>
        </select>
      </div>
      <div>
        <button
          type="submit"
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        >
          Suspend
        </button>
      </div>
    </form>
  );
}
