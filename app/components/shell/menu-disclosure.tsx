"use client";

import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A <details> disclosure menu. It opens and closes without JavaScript; with it,
 * it also closes on a click outside, on Escape (focus back on its summary) and
 * on navigation.
 */
export function MenuDisclosure({ className, children }: { className?: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== "Escape") return;
      if (event instanceof MouseEvent && details.contains(event.target as Node)) return;
      if (details.open) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname, search]);

  return (
    <details ref={ref} className={className}>
      {children}
    </details>
  );
}
