"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";
import { X } from "~/components/icons";

interface LinkDialogProps {
  /** The page state that shows the same content as a section, for a browser without JavaScript. */
  href: string;
  /** The trigger's content and look. */
  trigger: ReactNode;
  triggerClassName: string;
  triggerTestId: string;
  title: string;
  /** The dialog's description; `describedVisibly` shows it under the title, otherwise it is for screen readers. */
  description: string;
  describedVisibly?: boolean;
  contentClassName: string;
  testId: string;
  children?: ReactNode;
}

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
          className={props.triggerClassName}
          data-testid={props.triggerTestId}
        >
          {props.trigger}
        </a>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className={props.contentClassName} data-testid={props.testId}>
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{props.title}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
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
