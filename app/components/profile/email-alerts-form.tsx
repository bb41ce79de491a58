import { ProfileSection } from "~/components/profile/profile-parts";

export interface EmailAlertChoice {
  kind: string;
  label: string;
  hint: string;
  /** On by email. */
  on: boolean;
  /** On by push to this device; null for a kind push does not carry (or with push off on this device). */
  push: boolean | null;
}

const CHECKBOX = "size-4 accent-brand-600";

/**
 * The profile's alerts: one row per kind, a checkbox for email and, when this device has notifications on, one for
 * push to this device (decisions 0050, 0077; each device has its own). A plain form (no script needed) posting to
 * /profile/email-alerts.
 */
export function EmailAlertsForm({ choices, thisDevice }: { choices: EmailAlertChoice[]; thisDevice: boolean }) {
  return (
    <ProfileSection titleId="email-alerts-title" title="Alerts" titleSpacing="mb-3" id="email-alerts" testId="email-alerts">
      <form method="post" action="/profile/email-alerts" className="space-y-3">
        {thisDevice ? <input type="hidden" name="push_choices" value="1" /> : null}
        <table className="w-full text-left">
          <caption className="mb-3 text-left text-sm text-slate-600">
            {thisDevice
              ? "What we tell you when you are away from Nearhand: by email, and by push to this device. Each of your devices keeps its own push choices."
              : "What we tell you by email when you are away from Nearhand. To get them by push too, turn on notifications on this device above."}
          </caption>
          <thead>
            <tr className="text-sm text-slate-700">
              <th scope="col" className="pb-2 font-medium">
                Alert
              </th>
              <th scope="col" className="w-16 pb-2 text-center font-medium">
                Email
              </th>
              {thisDevice ? (
                <th scope="col" className="w-20 pb-2 text-center font-medium">
                  This device
                </th>
              ) : null}
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
                {thisDevice ? (
                  <td className="py-2 text-center align-top">
                    {choice.push === null ? (
                      <span className="text-slate-500">
                        <span aria-hidden>—</span>
                        <span className="sr-only">Not sent by push</span>
                      </span>
                    ) : (
                      <label className="inline-flex p-1">
                        <input type="checkbox" name={`push_${choice.kind}`} defaultChecked={choice.push} className={CHECKBOX} />
                        <span className="sr-only">Push to this device: {choice.label}</span>
                      </label>
                    )}
                  </td>
                ) : null}
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
