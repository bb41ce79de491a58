"use client";

import { lazy, Suspense, useId, useRef, useState } from "react";

import type { LinkDialogProps } from "~/components/link-dialog-content";

// The dialog (Radix) loads when it is about to open, not with every page that has such a link: a seeker's accepted
// booking page ('Pay now') loaded Radix for a dialog nobody may open (issue 36 §5).
const loadLinkDialogContent = () => import("~/components/link-dialog-content");
const LinkDialogContent = lazy(() => loadLinkDialogContent().then((module) => ({ default: module.LinkDialogContent })));

const TRIGGER_CLASSES = {
  brand:
    "inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-ring sm:w-auto",
  dark: "inline-flex w-full items-center justify-center gap-2 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800 focus-ring sm:w-auto",
};

/**
 * A link that opens a dialog. Without JavaScript it goes to `href`, where the page shows the same content as a
 * section; with it, the dialog (link-dialog-content.tsx, loaded when the pointer enters the link, it takes focus or
 * it is clicked) opens in place and gives focus back to the link when it closes.
 */
export function LinkDialog(props: LinkDialogProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so that closing it animates and gives focus back as before.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const contentId = useId();
  return (
    <>
      {/* The attributes Radix's Dialog.Trigger gave this link, in its order: the markup is as it was. */}
      <a
        ref={trigger}
        href={props.href}
        onClick={(event) => {
          event.preventDefault();
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadLinkDialogContent()}
        onFocus={() => void loadLinkDialogContent()}
        className={TRIGGER_CLASSES[props.tone]}
        data-testid={props.triggerTestId}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? "open" : "closed"}
      >
        {props.icon}
        {props.label}
      </a>
      {used ? (
        <Suspense fallback={null}>
          <LinkDialogContent {...props} open={open} onOpenChange={setOpen} contentId={contentId} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
