"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";

import { X } from "~/components/icons";

interface LinkDialogProps {
  /** The page state that shows the same content as a section, for a browser without JavaScript. */
  href: string;
  /** The trigger: an icon and its words; 'brand' is the page's main action, 'dark' a secondary one. */
  icon: ReactNode;
  label: string;
  tone: "brand" | "dark";
  triggerTestId: string;
  title: string;
  /** The dialog's description; `describedVisibly` shows it under the title, otherwise it is for screen readers. */
  description: string;
  describedVisibly?: boolean;
  /** A wider dialog that scrolls when taller than the screen (a form). */
  wide?: boolean;
  testId: string;
  children?: ReactNode;
}

const TRIGGER_CLASSES = {
  brand:
    "inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-ring sm:w-auto",
  dark: "inline-flex w-full items-center justify-center gap-2 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800 focus-ring sm:w-auto",
};
const CONTENT_CLASS =
  "fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none";
const WIDE_CONTENT_CLASS = "max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto";

/**
 * A link that opens a dialog. Without JavaScript it goes to `href`, where the page shows the same content as a
 * section; with it, the dialog opens in place and gives focus back to the link when it closes.
 */
export function LinkDialog(props: LinkDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <a
          href={props.href}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          className={TRIGGER_CLASSES[props.tone]}
          data-testid={props.triggerTestId}
        >
          {props.icon}
          {props.label}
        </a>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className={`${CONTENT_CLASS} ${props.wide ? WIDE_CONTENT_CLASS : "max-w-md"}`} data-testid={props.testId}>
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{props.title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="h-4 w-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className={props.describedVisibly ? "mt-3 text-sm text-slate-700" : "sr-only"}>{props.description}</Dialog.Description>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
