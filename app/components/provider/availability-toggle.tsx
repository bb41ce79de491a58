"use client";

import { useFetcher } from "react-router";

/** Both copies of the switch (banner and offline card) share one fetcher, so they agree while pending. */
const FETCHER_KEY = "provider-availability";

/**
 * The availability state as the user sees it: while the switch is posting,
 * the value being sent (optimistic); otherwise what the server said.
 */
function useAvailability(isOnline: boolean) {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const pending = fetcher.state !== "idle";
  const sent = fetcher.formData?.get("isOnline");
  const online = typeof sent === "string" ? sent === "true" : isOnline;
  return { fetcher, online, pending };
}

/**
 * A real form posting to /availability (isOnline = the new value,
 * returnTo = /). Without JavaScript the browser posts it and follows the
 * redirect; with it, a fetcher posts the same form and the redirect revalidates
 * the page, which brings the flashed toast.
 */
function AvailabilityForm({
  isOnline,
  children,
  className,
}: {
  isOnline: boolean;
  children: (state: { online: boolean; pending: boolean }) => React.ReactNode;
  className?: string;
}) {
  const { fetcher, online, pending } = useAvailability(isOnline);
  return (
    <fetcher.Form method="post" action="/availability" className={className}>
      <input type="hidden" name="isOnline" value={online ? "false" : "true"} />
      <input type="hidden" name="returnTo" value="/" />
      {children({ online, pending })}
    </fetcher.Form>
  );
}

/** The switch itself: a submit button with switch semantics (checked = online). */
function AvailabilitySwitch({ online, pending }: { online: boolean; pending: boolean }) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={online}
      aria-label="Available for job requests"
      title={online ? "Go offline" : "Go online"}
      aria-busy={pending || undefined}
      data-testid="availability-switch"
      className={`relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
        online ? "bg-green-500" : "bg-slate-400"
      } ${pending ? "opacity-80" : ""}`}
    >
      <span
        aria-hidden
        className={`inline-block h-7 w-7 rounded-full bg-white shadow transition-transform ${online ? "translate-x-6" : "translate-x-0"}`}
      />
    </button>
  );
}

/** 'You're Live!' / 'You're Offline' with the switch; the server draws the two icons (the island carries no icon code). */
export function AvailabilityBanner({
  isOnline,
  onlineIcon,
  offlineIcon,
}: {
  isOnline: boolean;
  onlineIcon: React.ReactNode;
  offlineIcon: React.ReactNode;
}) {
  const { online } = useAvailability(isOnline);
  return (
    <section
      aria-labelledby="availability-title"
      data-testid="availability-banner"
      className={`flex items-center justify-between gap-4 rounded-xl p-5 text-white shadow-sm transition-colors sm:p-6 ${
        online ? "bg-gradient-to-r from-green-600 to-emerald-500" : "bg-gradient-to-r from-slate-700 to-slate-500"
      }`}
    >
      <div className="flex min-w-0 items-center gap-3">
        <span className="hidden h-12 w-12 shrink-0 items-center justify-center rounded-full bg-white/20 sm:inline-flex" aria-hidden>
          {online ? onlineIcon : offlineIcon}
        </span>
        <div className="min-w-0">
          <h2 id="availability-title" className="text-xl font-bold sm:text-2xl" aria-live="polite">
            {online ? "You're Live!" : "You're Offline"}
          </h2>
          <p className="text-sm text-white/90">
            {online ? "You're receiving job requests from help seekers nearby." : "Go online to start receiving job requests."}
          </p>
        </div>
      </div>
      <AvailabilityForm isOnline={isOnline} className="flex shrink-0 items-center gap-3">
        {({ online: on, pending }) => (
          <>
            <span className="hidden text-sm font-medium sm:inline" aria-hidden>
              {on ? "Online" : "Offline"}
            </span>
            <AvailabilitySwitch online={on} pending={pending} />
          </>
        )}
      </AvailabilityForm>
    </section>
  );
}

/** The offline card's button: the same form, as a plain 'Go online' button. */
export function GoOnlineButton({ isOnline, icon }: { isOnline: boolean; icon: React.ReactNode }) {
  return (
    <AvailabilityForm isOnline={isOnline} className="mt-5">
      {({ online, pending }) => (
        <button
          type="submit"
          disabled={pending}
          data-testid="go-online"
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-ring disabled:opacity-60"
        >
          {icon}
          {pending ? (online ? "Going online..." : "Going offline...") : online ? "Go offline" : "Go online"}
        </button>
      )}
    </AvailabilityForm>
  );
}
