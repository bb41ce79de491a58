"use client";

import * as RadixToast from "@radix-ui/react-toast";

import { X } from "~/components/icons";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, type ToastMessage } from "~/lib/toast";

export interface ToastEntry extends ToastMessage {
  open: boolean;
}

interface ToastListProps {
  toasts: ToastEntry[];
  onDismiss: (id: string) => void;
}

/**
 * Radix Toast's provider and viewport with the toasts in it (spec §9): the F8 landmark, the display time paused while
 * the pointer or focus is on the toasts, Close, Escape, a swipe right past the threshold, and the announcement (polite
 * for a confirmation, assertive for a failure). Mounted with the app shell, ahead of any toast (decision 0066).
 */
export function ToastList({ toasts, onDismiss }: ToastListProps) {
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) onDismiss(toast.id);
          }}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          className={toastClass(toast.variant)}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>
            {/* Radix reads out the toast's texts run together: this keeps the title and the description two sentences. */}
            {toast.description ? <span className="sr-only">. </span> : null}
            {toast.description ? <RadixToast.Description className="text-sm opacity-90">{toast.description}</RadixToast.Description> : null}
          </div>
          <RadixToast.Close aria-label="Close" className={CLOSE_CLASS}>
            <X className="h-4 w-4" aria-hidden />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport hotkey={TOAST_HOTKEY} className={VIEWPORT_CLASS} />
    </RadixToast.Provider>
  );
}

// The viewport's own box takes no clicks (only the toasts in it do), so it never covers the page's controls.
const VIEWPORT_CLASS =
  "pointer-events-none fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px] outline-none";

const CLOSE_CLASS = "rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current";

function toastClass(variant: ToastMessage["variant"]): string {
  const base =
    "toast-root pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-3 shadow-lg";
  return variant === "destructive" ? `${base} border-red-700 bg-red-600 text-white` : `${base} border-slate-200 bg-white text-slate-900`;
}
