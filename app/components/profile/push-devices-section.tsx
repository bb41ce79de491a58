import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { ProfileSection } from "~/components/profile/profile-parts";
import { PushDeviceSwitch } from "~/components/profile/push-device-switch";

export interface PushDeviceRow {
  id: string;
  name: string;
  /** "Nov 26, 2026", in the market's time zone. */
  added: string;
  /** When a push service last took a message for it, or null. */
  lastDelivered: string | null;
  /** The kinds it is told of. */
  alerts: Record<"urgentJobs" | "bookings" | "messages" | "reviews", boolean>;
  /** The browser showing this page. */
  current: boolean;
}

const ALERT_WORDS: [keyof PushDeviceRow["alerts"], string][] = [
  ["urgentJobs", "urgent jobs"],
  ["bookings", "booking updates"],
  ["messages", "messages"],
  ["reviews", "reviews"],
];

/** "Urgent jobs, booking updates and messages", or that it gets none. */
export function alertsInWords(alerts: PushDeviceRow["alerts"]): string {
  const words = ALERT_WORDS.filter(([kind]) => alerts[kind]).map(([, word]) => word);
  if (words.length === 0) return "No alerts chosen";
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  return list[0].toUpperCase() + list.slice(1);
}

/**
 * The profile's "Notifications on this device" (decision 0077): the switch for this browser (JavaScript), and every
 * device of the user with a Remove button that is a plain form.
 */
export function PushDevicesSection({
  publicKey,
  endpointDigests,
  devices,
}: {
  publicKey: string;
  endpointDigests: string[];
  devices: PushDeviceRow[];
}) {
  return (
    <ProfileSection titleId="push-devices-title" title="Notifications on this device" titleSpacing="mb-3" id="push-devices" testId="push-devices">
      <p className="mb-3 text-sm text-slate-600">
        Get urgent jobs, requests, booking updates and messages as notifications on your phone or computer, even with Nearhand closed. Choose which
        ones this device gets under Alerts; each device keeps its own choices.
      </p>
      <PushDeviceSwitch publicKey={publicKey} endpointDigests={endpointDigests} />
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Your devices</h3>
      {devices.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="push-devices-empty">
          No device has notifications on.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="push-device-row">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {device.name}
                  {device.current ? <span className="ml-2 text-sm font-normal text-slate-600">(this device)</span> : null}
                </p>
                <p className="text-sm text-slate-600">
                  Added {device.added} · {device.lastDelivered ? `last notified ${device.lastDelivered}` : "nothing sent yet"}
                </p>
                <p className="text-sm text-slate-600" data-testid="push-device-alerts">
                  {alertsInWords(device.alerts)}
                </p>
              </div>
              <form method="post" action="/profile/push">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={device.id} />
                <button type="submit" className={SECONDARY_BUTTON_CLASS} aria-label={`Remove ${device.name}, added ${device.added}`}>
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}
