/**
 * The page the service worker shows when a navigation finds no network (decision 0076). It is kept in the worker's
 * cache and shown at the address the user asked for, so everything on it must work from there offline: no icon
 * from the sprite, no script. Retry is a link to the address itself (an empty href), with or without JavaScript.
 */
export function OfflinePage() {
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4">
      <title>You're offline | Nearhand</title>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex items-center gap-3">
          <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true">
            <rect width="32" height="32" rx="7" fill="#1d4ed8" />
            <path d="M9 23V9h3l8 10V9h3v14h-3l-8-10v10z" fill="#fff" />
          </svg>
          <h1 className="text-2xl font-bold text-slate-900">You're offline</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          Nearhand can't reach the internet from this device right now. Check your Wi-Fi or mobile data, then try again.
        </p>
        <a
          href=""
          data-testid="offline-retry"
          className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Retry
        </a>
      </div>
    </main>
  );
}
