import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { CopyButton } from "~/components/profile/copy-button";
import { ProfileSection } from "~/components/profile/profile-parts";

const FORM_ACTION = "/profile/calendar-feed";
const INPUT_CLASS =
  "block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";
const PRIMARY = "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-ring";

/** One of the feed's changes: a plain form posting its intent (no script needed). */
function FeedButton({ intent, className, children }: { intent: "create" | "reset" | "off"; className: string; children: string }) {
  return (
    <form method="post" action={FORM_ACTION}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}

/** The profile's "Calendar feed": a provider's private URL of their bookings for calendar apps (decision 0073). */
export function CalendarFeedSection({ url }: { url: string | null }) {
  return (
    <ProfileSection titleId="calendar-feed-title" title="Calendar feed" titleSpacing="mb-3" id="calendar-feed" testId="calendar-feed">
      {url === null ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">
            See your bookings in Google Calendar, Apple Calendar or Outlook: create a private link and subscribe to it there. Accepted, in progress
            and completed bookings appear with their time and place; cancelled ones leave it.
          </p>
          <FeedButton intent="create" className={PRIMARY}>
            Create calendar feed
          </FeedButton>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">
            Subscribe to this link in your calendar app. Anyone who has it can see your bookings: keep it private, and reset it if it got out.
          </p>
          <div className="grid gap-1.5">
            <label htmlFor="calendar-feed-url" className="text-sm font-medium text-slate-900">
              Your calendar feed link
            </label>
            <div className="flex gap-2">
              <input id="calendar-feed-url" type="text" readOnly value={url} className={INPUT_CLASS} data-testid="calendar-feed-url" />
              <CopyButton text={url} />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <FeedButton intent="reset" className={SECONDARY_BUTTON_CLASS}>
              Reset link
            </FeedButton>
            <FeedButton intent="off" className={SECONDARY_BUTTON_CLASS}>
              Turn off
            </FeedButton>
          </div>
        </div>
      )}
    </ProfileSection>
  );
}
