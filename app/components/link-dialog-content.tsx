"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";

import { DialogTitleBar } from "~/components/dialog-title-bar";
import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";

/** A `LinkDialog`'s props (link-dialog.tsx). */
export interface LinkDialogProps {
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
  /** The words of a button that closes the dialog, under its content ('Close'); none if absent. */
  closeButton?: string;
  testId: string;
  children?: ReactNode;
}

const CONTENT_CLASS =
  "fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none";
const WIDE_CONTENT_CLASS = "max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto";

interface LinkDialogContentProps extends LinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The content's id, which the trigger's aria-controls names while open. */
  contentId: string;
  /** The link, which gets focus back when the dialog closes. */
  trigger: RefObject<HTMLAnchorElement | null>;
}

/** The dialog of a `LinkDialog` (link-dialog.tsx), loaded when it is first about to open and kept mounted after. */
export function LinkDialogContent({ open, onOpenChange, contentId, trigger, ...props }: LinkDialogContentProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          id={contentId}
          className={`${CONTENT_CLASS} ${props.wide ? WIDE_CONTENT_CLASS : "max-w-md"}`}
          data-testid={props.testId}
          // The trigger lives outside the dialog's root (Radix would focus its own Dialog.Trigger).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <DialogTitleBar title={props.title} />
          <Dialog.Description className={props.describedVisibly ? "mt-3 text-sm text-slate-700" : "sr-only"}>{props.description}</Dialog.Description>
          {props.children}
          {props.closeButton ? (
            <div className="mt-6 flex justify-end">
              <Dialog.Close className={SECONDARY_BUTTON_CLASS}>{props.closeButton}</Dialog.Close>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
