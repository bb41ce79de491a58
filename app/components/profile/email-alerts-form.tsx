import { ProfileSection } from "~/components/profile/profile-parts";

export interface EmailAlertChoice {
  kind: string;
  label: string;
  hint: string;
  /** On by email. */
  on: boolean;
  /** On by push (to every device turned on above); null for a kind push does not carry. */
  push: boolean | null;
}

const CHECKBOX = "size-4 accent-brand-600";

/**
 * The profile's alerts: one row per kind, a checkbox for email and one for push (decisions 0050, 0077). A plain form
 * (no script needed) posting to /profile/email-alerts.
 */
export function EmailAlertsForm({ choices }: { choices: EmailAlertChoice[] }) {
  return (
    <ProfileSection titleId="email-alerts-title" title="Alerts" titleSpacing="mb-3" id="email-alerts" testId="email-alerts">
      <form method="post" action="/profile/email-alerts" className="space-y-3">
        <input type="hidden" name="push_choices" value="1" />
        <table className="w-full text-left">
          <caption className="mb-3 text-left text-sm text-slate-600">
            What we tell you when you are away from Nearhand: by email, and by push to the devices you turned notifications on for.
          </caption>
          <thead>
            <tr className="text-sm text-slate-700">
              <th scope="col" className="pb-2 font-medium">
                Alert
              </th>
              <th scope="col" className="w-16 pb-2 text-center font-medium">
                Email
              </th>
              <th scope="col" className="w-16 pb-2 text-center font-medium">
                Push
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {choices.map((choice) => (
              <tr key={choice.kind}>
                <th scope="row" className="py-2 pr-2 align-top font-normal">
                  <span className="block font-medium text-slate-900">{choice.label}</span>
                  <span className="block text-sm text-slate-600">{choice.hint}</span>
                </th>
                <td className="py-2 text-center align-top">
                  <label className="inline-flex p-1">
                    <input type="checkbox" name={choice.kind} defaultChecked={choice.on} className={CHECKBOX} />
                    <span className="sr-only">Email: {choice.label}</span>
                  </label>
                </td>
                <td className="py-2 text-center align-top">
                  {choice.push === null ? (
                    <span className="text-slate-500">
                      <span aria-hidden>—</span>
                      <span className="sr-only">Not sent by push</span>
                    </span>
                  ) : (
                    <label className="inline-flex p-1">
                      <input type="checkbox" name={`push_${choice.kind}`} defaultChecked={choice.push} className={CHECKBOX} />
                      <span className="sr-only">Push: {choice.label}</span>
                    </label>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-ring">
          Save alerts
        </button>
      </form>
    </ProfileSection>
  );
}
