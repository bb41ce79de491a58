import type { ToastMessage } from "~/lib/toast";

const VIEWPORT =
  "fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]";

/** The flashed toast for browsers without JavaScript; fades after the display time. */
export function FlashToastFallback({ toast }: { toast: ToastMessage | null }) {
  if (!toast) return null;
  const colours =
    toast.variant === "destructive" ? "border-red-700 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900";
  return (
    <noscript>
      <div className={VIEWPORT}>
        <div role="status" className={`toast-nojs rounded-md border p-4 shadow-lg ${colours}`} data-testid="toast-nojs">
          <div className="text-sm font-semibold">{toast.title}</div>
          {toast.description ? <div className="text-sm opacity-90">{toast.description}</div> : null}
        </div>
      </div>
    </noscript>
  );
}
