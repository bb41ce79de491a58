"use client";

import * as RadixToast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastMessage,
} from "~/lib/toast";

type Listener = (toast: ToastMessage) => void;
const listeners = new Set<Listener>();

/** Shows a toast from client code (failures of enhanced forms, live events). */
export function showToast(toast: Omit<ToastMessage, "id">): void {
  const message = { ...toast, id: crypto.randomUUID() };
  for (const listener of listeners) listener(message);
}

interface Entry extends ToastMessage {
  open: boolean;
}

/** One toast at a time (spec §9); a server flash arrives as `flash`. */
export function Toaster({ flash }: { flash: ToastMessage | null }) {
  const [toasts, setToasts] = useState<Entry[]>(() => (flash ? [{ ...flash, open: true }] : []));

  useEffect(() => {
    const add: Listener = (toast) =>
      setToasts((current) => [{ ...toast, open: true }, ...current].slice(0, TOAST_LIMIT));
    listeners.add(add);
    return () => {
      listeners.delete(add);
    };
  }, []);

  // A new server flash replaces what is shown (adjusting state while rendering, not in an effect).
  const [shownFlashId, setShownFlashId] = useState(flash?.id ?? null);
  if (flash && flash.id !== shownFlashId) {
    setShownFlashId(flash.id);
    setToasts((current) => [{ ...flash, open: true }, ...current].slice(0, TOAST_LIMIT));
  }

  const dismiss = (id: string) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setToasts((current) => current.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
  };

  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismiss(toast.id);
          }}
          className={toastClass(toast.variant)}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>
            {toast.description ? (
              <RadixToast.Description className="text-sm opacity-90">{toast.description}</RadixToast.Description>
            ) : null}
          </div>
          <RadixToast.Close aria-label="Close" className="rounded-md p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport hotkey={TOAST_HOTKEY} className={VIEWPORT_CLASS} />
    </RadixToast.Provider>
  );
}

export const VIEWPORT_CLASS =
  "fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px] outline-none";

export function toastClass(variant: ToastMessage["variant"]): string {
  const base =
    "toast-root pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-3 shadow-lg";
  return variant === "destructive"
    ? `${base} border-red-700 bg-red-600 text-white`
    : `${base} border-slate-200 bg-white text-slate-900`;
}
