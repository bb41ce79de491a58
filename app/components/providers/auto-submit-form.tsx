"use client";

import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";

/**
 * The directory's GET form. Without JavaScript it is a plain form with its Search button; with it, changing a filter
 * searches at once (the URL, and so the browser's history and a shared link, follow).
 */
export function AutoSubmitForm({ children, className, label }: { children: ReactNode; className?: string; label: string }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action="/providers"
      role="search"
      aria-label={label}
      className={className}
      onChange={(event) => {
        // Typing is searched when Enter or Search is pressed; a choice (select, checkbox, rate) at once.
        if (event.target instanceof HTMLInputElement && event.target.type === "search") return;
        void submit(event.currentTarget, { replace: true, preventScrollReset: true });
      }}
    >
      {children}
    </Form>
  );
}
