import { X } from "~/components/icons";
import type { ToastMessage } from "~/lib/toast";

// The viewport's own box takes no clicks (only the toast in it does), so it never covers the page's controls.
const VIEWPORT =
  "pointer-events-none fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]";

/**
 * The flashed toast where no script shows it, fading after the display time
 * (app.css: faded, it is hidden and takes no clicks): for browsers without
 * JavaScript, and on static documents (decision 0029), which run none whatever
 * the browser. It is an open non-modal <dialog> so that 'Close' works without
 * script: a form with method="dialog" closes it, which is no navigation.
 */
export function FlashToastFallback({ toast, withScripts }: { toast: ToastMessage | null; withScripts: boolean }) {
  if (!toast) return null;
  const colours = toast.variant === "destructive" ? "border-red-700 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900";
  const shown = (
    <div className={VIEWPORT}>
      <dialog
        open
        aria-labelledby="toast-nojs-title"
        className={`toast-nojs pointer-events-auto static m-0 hidden w-full items-start justify-between gap-3 rounded-md border p-4 pr-3 shadow-lg open:flex ${colours}`}
        data-testid="toast-nojs"
      >
        <div role="status" className="grid gap-1">
          <div id="toast-nojs-title" className="text-sm font-semibold">
            {toast.title}
          </div>
          {toast.description ? <div className="text-sm opacity-90">{toast.description}</div> : null}
        </div>
        <form method="dialog">
          <button
            type="submit"
            aria-label="Close"
            className="rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </form>
      </dialog>
    </div>
  );
  return withScripts ? <noscript>{shown}</noscript> : shown;
}
