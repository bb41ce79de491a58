"use client";

import { useEffect, useRef, useState, type PointerEvent } from "react";
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
 * The toasts on screen (spec §9): an F8 landmark whose list takes focus on F8, each toast closing after the display
 * time (paused while the pointer or focus is on the list), by its Close button, by Escape or by a swipe right past
 * the threshold. Screen readers hear each toast through live regions that exist before any toast does: polite for
 * a confirmation, assertive for a failure. (Decision 0051: why not Radix Toast.)
 */
export function ToastList({ toasts, onDismiss }: ToastListProps) {
  const list = useRef<HTMLOListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (TOAST_HOTKEY.every((key) => event.code === key)) list.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const latest = toasts.find((toast) => toast.open);
  return (
    <section role="region" aria-label={`Notifications (${TOAST_HOTKEY.join("+")})`} tabIndex={-1}>
      <Announcer toast={latest?.variant === "destructive" ? undefined : latest} politeness="polite" />
      <Announcer toast={latest?.variant === "destructive" ? latest : undefined} politeness="assertive" />
      <ol
        ref={list}
        tabIndex={-1}
        className={VIEWPORT_CLASS}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
      >
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} paused={hovered || focused} onDismiss={() => onDismiss(toast.id)} />
        ))}
      </ol>
    </section>
  );
}

/** A visually hidden live region that reads out the toast given (its text changes after the region exists). */
function Announcer({ toast, politeness }: { toast: ToastMessage | undefined; politeness: "polite" | "assertive" }) {
  const region = useRef<HTMLDivElement>(null);
  const spoken = toast ? [toast.title, toast.description].filter(Boolean).join(". ") : "";
  useEffect(() => {
    if (region.current) region.current.textContent = spoken;
  }, [spoken]);
  return <div ref={region} aria-live={politeness} aria-atomic="true" className="sr-only" />;
}

function Toast({ toast, paused, onDismiss }: { toast: ToastEntry; paused: boolean; onDismiss: () => void }) {
  const [leaving, setLeaving] = useState<false | "fade" | "swipe">(false);
  const leave = (how: "fade" | "swipe") => {
    setLeaving(how);
    onDismiss();
  };
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  });
  const closed = !toast.open || leaving !== false;
  // A closed toast stays for its exit animation (app.css), then leaves the list.
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!closed) return;
    const timer = window.setTimeout(() => setGone(true), EXIT_MS);
    return () => window.clearTimeout(timer);
  }, [closed]);

  // The display time runs while the toast is open and not paused; a pause keeps what was left.
  const remaining = useRef(TOAST_DURATION_MS);
  useEffect(() => {
    if (closed || paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => leaveRef.current("fade"), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [closed, paused]);

  const swipe = useSwipe(() => leave("swipe"));
  if (gone) return null;
  return (
    <li
      className={toastClass(toast.variant)}
      data-testid="toast"
      data-state={closed ? "closed" : "open"}
      data-swipe={leaving === "swipe" ? "end" : swipe.state}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape") leave("fade");
      }}
      {...swipe.handlers}
    >
      <div className="grid gap-1">
        <div className="text-sm font-semibold">{toast.title}</div>
        {toast.description ? <div className="text-sm opacity-90">{toast.description}</div> : null}
      </div>
      <button type="button" aria-label="Close" className={CLOSE_CLASS} onClick={() => leave("fade")}>
        <X className="h-4 w-4" aria-hidden />
      </button>
    </li>
  );
}

/** A rightward drag: followed while it lasts, a dismissal past the threshold, a snap back short of it. */
function useSwipe(onSwiped: () => void) {
  const start = useRef<{ x: number; pointerId: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const [state, setState] = useState<"move" | "cancel" | undefined>(undefined);
  const end = (event: PointerEvent<HTMLElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    const distance = Math.max(0, event.clientX - start.current.x);
    start.current = null;
    if (distance > TOAST_SWIPE_THRESHOLD_PX) return onSwiped(); // leaves from where it was dropped
    setState("cancel");
    setOffset(0);
  };
  return {
    offset,
    state,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button !== 0 || (event.target as HTMLElement).closest("button")) return;
        start.current = { x: event.clientX, pointerId: event.pointerId };
        event.currentTarget.setPointerCapture(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (start.current?.pointerId !== event.pointerId) return;
        setOffset(Math.max(0, event.clientX - start.current.x));
        setState("move");
      },
      onPointerUp: end,
      onPointerCancel: end,
    },
  };
}

/** A little longer than the exit animations (app.css). */
const EXIT_MS = 200;

// The viewport's own box takes no clicks (only the toasts in it do), so it never covers the page's controls.
const VIEWPORT_CLASS =
  "pointer-events-none fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px] outline-none";

const CLOSE_CLASS =
  "rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current";

function toastClass(variant: ToastMessage["variant"]): string {
  const base =
    "toast-root pointer-events-auto relative flex w-full touch-pan-y select-none items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-3 shadow-lg";
  return variant === "destructive"
    ? `${base} border-red-700 bg-red-600 text-white`
    : `${base} border-slate-200 bg-white text-slate-900`;
}
