import { OfflinePage } from "~/components/offline-page";

/**
 * /offline: the page the service worker keeps at install and shows for a navigation that finds no network
 * (decision 0076). The worker fetches it without cookies, so what it keeps is a visitor's document, without scripts.
 */
export function loader() {
  // Nothing to read: the page is the same for everyone.
  return null;
}

export function ServerComponent() {
  return <OfflinePage />;
}
