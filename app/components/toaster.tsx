"use client";

import { useEffect, useState } from "react";

import { ToastList, type ToastEntry } from "~/components/toast-list";
import { onToast, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, type ToastMessage } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

/** One toast at a time (spec §9); a server flash arrives as `flash`. */
export function Toaster({ flash }: { flash: ToastMessage | null }) {
  const [toasts, setToasts] = useState<ToastEntry[]>(() => (flash ? [{ ...flash, open: true }] : []));

  // Radix's provider and viewport mount as soon as the page is hydrated, with the shell and ahead of any toast: Radix
  // registers its viewport in a transition, which React holds while a navigation is pending, so a viewport mounted
  // with the first toast missed a toast shown during a form navigation (decisions 0051, 0066). Before hydration
  // (and with no JavaScript at all) the <noscript> fallback shows a flash.
  const hydrated = useHydrated();

  useEffect(() => onToast((toast) => setToasts((current) => [{ ...toast, open: true }, ...current].slice(0, TOAST_LIMIT))), []);

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

  return hydrated ? <ToastList toasts={toasts} onDismiss={dismiss} /> : null;
}
