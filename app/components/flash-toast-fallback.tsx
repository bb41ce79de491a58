import type { ToastMessage } from "~/lib/toast";

const VIEWPORT =
  "fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]";

/**
 * The flashed toast where no script shows it, fading after the display time:
 * for browsers without JavaScript, and on static documents (decision 0029),
 * which run none whatever the browser.
 */
export function FlashToastFallback({ toast, withScripts }: { toast: ToastMessage | null; withScripts: boolean }) {
  if (!toast) return null;
  const colours =
    toast.variant === "destructive" ? "border-red-700 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900";
  const shown = (
    <div className={VIEWPORT}>
      <div role="status" className={`toast-nojs rounded-md border p-4 shadow-lg ${colours}`} data-testid="toast-nojs">
        <div className="text-sm font-semibold">{toast.title}</div>
        {toast.description ? <div className="text-sm opacity-90">{toast.description}</div> : null}
      </div>
    </div>
  );
  return withScripts ? <noscript>{shown}</noscript> : shown;
}
