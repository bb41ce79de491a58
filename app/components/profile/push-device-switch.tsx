"use client";

import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import type * as PushSubscribe from "~/components/profile/push-subscribe";
import { useHydrated } from "~/lib/use-hydrated";

const ACTION = "/profile/push";
// Subscribing, and what the switch says after a click that did not subscribe, load when 'Turn on' is about to be used
// (or this browser has a subscription to look up).
let push: typeof PushSubscribe | undefined;
const loadPushSubscribe = async () => (push ??= await import("~/components/profile/push-subscribe"));

type State = "checking" | "unsupported" | "denied" | "off" | "working" | "on" | "failed" | PushSubscribe.AfterClickState;

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** This browser's subscription, if it has one (without waiting for a worker that may never come). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const MESSAGES: Record<Exclude<State, "checking" | "off" | "working" | "on" | PushSubscribe.AfterClickState>, string> = {
  unsupported:
    "This browser can't receive notifications. Use Chrome, Edge, Firefox or Safari; on an iPhone or iPad, add Nearhand to your Home Screen first (Share, then Add to Home Screen; iOS 16.4 or later) and open it from there.",
  denied:
    "Notifications are blocked for Nearhand in this browser. To allow them, open the site's settings (the icon left of the address), set Notifications to Allow, and reload this page.",
  failed: "This browser could not reach its push service, so notifications are not on. Check your connection and try again later.",
};

/**
 * "Notifications on this device" with JavaScript (decision 0077): asks the browser's permission only after the
 * click, subscribes with the server's public key through the service worker, and posts the subscription to
 * /profile/push with a fetcher (the page revalidates and the toast comes from the action). Without JavaScript it
 * explains what is needed.
 */
export function PushDeviceSwitch({ publicKey, endpointDigests }: { publicKey: string; endpointDigests: string[] }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: "push-device" });
  const [state, setState] = useState<State>("checking");
  const [detail, setDetail] = useState<string | null>(null);
  const digests = endpointDigests.join(",");

  // What this browser is: unsupported, blocked, or subscribed as one of the devices the server lists (again after
  // each post, when the list comes back).
  useEffect(() => {
    if (!hydrated || fetcher.state !== "idle") return;
    let cancelled = false;
    void (async () => {
      if (!supported()) return setState("unsupported");
      if (Notification.permission === "denied") return setState("denied");
      const subscription = await currentSubscription().catch(() => null);
      // A subscribed browser loads push-subscribe.ts for the digest of its endpoint (most have none).
      const listed = subscription ? digests.split(",").includes(await (await loadPushSubscribe()).sha256Hex(subscription.endpoint)) : false;
      if (!cancelled)
        setState((previous) => (listed ? "on" : previous === "no-worker" || previous === "failed" || previous === "dismissed" ? previous : "off"));
    })();
    return () => {
      cancelled = true;
    };
  }, [hydrated, digests, fetcher.state]);

  if (!hydrated) {
    return (
      <p className="text-sm text-slate-700" data-testid="push-needs-js">
        Turning on notifications needs JavaScript, and a browser that can receive them: Chrome, Edge, Firefox or Safari, or on an iPhone or iPad,
        Nearhand added to the Home Screen (iOS 16.4 or later). You can still remove devices below.
      </p>
    );
  }

  async function turnOn() {
    setDetail(null);
    setState("working");
    const permission = await Notification.requestPermission();
    if (permission === "denied") return setState("denied");
    try {
      // Loaded after the browser's question, which must come straight from the click.
      const { subscribeThisBrowser } = await loadPushSubscribe();
      if (permission !== "granted") return setState("dismissed");
      const subscription = await subscribeThisBrowser(publicKey);
      if (subscription === "no-worker") return setState("no-worker");
      await fetcher.submit({ intent: "subscribe", subscription: JSON.stringify(subscription) }, { method: "post", action: ACTION });
    } catch (error) {
      setDetail(error instanceof Error ? error.message : String(error));
      setState("failed");
    }
  }

  async function turnOff() {
    setState("working");
    const subscription = await currentSubscription().catch(() => null);
    if (!subscription) return setState("off");
    const { endpoint } = subscription;
    await subscription.unsubscribe().catch(() => false);
    await fetcher.submit({ intent: "unsubscribe", endpoint }, { method: "post", action: ACTION });
  }

  const busy = state === "working" || fetcher.state !== "idle";
  const shown: State = busy ? "working" : state;
  return (
    <div className="space-y-3" data-testid="push-device" data-state={shown}>
      <p role="status" className="text-sm text-slate-700" data-testid="push-device-status">
        {shown === "checking" ? "Checking this browser…" : null}
        {shown === "working" ? "Working…" : null}
        {shown === "off" ? "Notifications are off for this device." : null}
        {shown === "on" ? "Notifications are on for this device." : null}
        {shown === "dismissed" || shown === "no-worker" ? push?.AFTER_CLICK_MESSAGES[shown] : null}
        {shown in MESSAGES ? MESSAGES[shown as keyof typeof MESSAGES] : null}
        {shown === "failed" && detail ? <span className="mt-1 block text-xs text-slate-600">The browser said: {detail}</span> : null}
      </p>
      {shown === "on" ? (
        <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={turnOff}>
          Turn off for this device
        </button>
      ) : shown === "off" || shown === "dismissed" || shown === "no-worker" || shown === "failed" || shown === "working" ? (
        <button
          type="button"
          className={PRIMARY_BUTTON_CLASS}
          onClick={turnOn}
          onPointerEnter={() => void loadPushSubscribe()}
          onFocus={() => void loadPushSubscribe()}
          disabled={shown === "working"}
        >
          {shown === "off" || shown === "working" ? "Turn on notifications for this device" : "Try again"}
        </button>
      ) : null}
    </div>
  );
}
