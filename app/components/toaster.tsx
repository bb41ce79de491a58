"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, type ToastMessage } from "~/lib/toast";
import type { ToastEntry } from "./toast-list";

// Radix Toast and its primitives (about 12 KiB gzipped) load once the page is idle (or with an earlier first toast), not
// with the page itself.
const loadToastList = () => import("./toast-list");
const ToastList = lazy(loadToastList);

type Listener = (toast: ToastMessage) => void;
const listeners = new Set<Listener>();

/** Shows a toast from client code (failures of enhanced forms, live events). */
export function showToast(toast: Omit<ToastMessage, "id">): void {
  const message = { ...toast, id: crypto.randomUUID() };
  for (const listener of listeners) listener(message);
}

/** One toast at a time (spec §9); a server flash arrives as `flash`. */
export function Toaster({ flash }: { flash: ToastMessage | null }) {
  const [toasts, setToasts] = useState<ToastEntry[]>(() => (flash ? [{ ...flash, open: true }] : []));

  // The list (Radix's provider and viewport) is mounted ahead of any toast: Radix sets its viewport in a transition,
  // which React holds while a form navigation is pending, so a toast shown then (the session ended under a mutation,
  // app/lib/router-fetch.ts) would not appear before the page is left.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const mount = () => void loadToastList().then(() => !cancelled && setReady(true));
    const idle = window.requestIdleCallback ? window.requestIdleCallback(mount, { timeout: 2000 }) : window.setTimeout(mount, 200);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

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

  if (toasts.length === 0 && !ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={toasts} onDismiss={dismiss} />
    </Suspense>
  );
}
