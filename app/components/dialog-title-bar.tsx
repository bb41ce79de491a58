import * as Dialog from "@radix-ui/react-dialog";

import { X } from "~/components/icons";

/** A dialog's title with its close button (the dialogs loaded on demand: report-dialog.tsx, link-dialog-content.tsx). */
export function DialogTitleBar({ title }: { title: string }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
      <Dialog.Close
        aria-label="Close"
        className="rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X className="h-4 w-4" aria-hidden />
      </Dialog.Close>
    </div>
  );
}
