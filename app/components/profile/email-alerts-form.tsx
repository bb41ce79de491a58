import { ProfileSection } from "~/components/profile/profile-parts";

export interface EmailAlertChoice {
  kind: string;
  label: string;
  hint: string;
  on: boolean;
}

/** The profile's email alerts: a plain form (no script needed) posting to /profile/email-alerts. */
export function EmailAlertsForm({ choices }: { choices: EmailAlertChoice[] }) {
  return (
    <ProfileSection titleId="email-alerts-title" title="Email alerts" titleSpacing="mb-3" id="email-alerts" testId="email-alerts">
      <form method="post" action="/profile/email-alerts" className="space-y-3">
        <fieldset className="space-y-3">
          <legend className="text-sm text-slate-600">Emails we send when you are away from Nearhand.</legend>
          {choices.map((choice) => (
            <label key={choice.kind} className="flex items-start gap-3">
              <input type="checkbox" name={choice.kind} defaultChecked={choice.on} className="mt-1 size-4 accent-brand-600" />
              <span>
                <span className="block font-medium text-slate-900">{choice.label}</span>
                <span className="block text-sm text-slate-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-ring">
          Save email alerts
        </button>
      </form>
    </ProfileSection>
  );
}
