"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { X } from "~/components/icons";
import { RoleSwitchForm, type Role, type UserType } from "~/components/shell/role-switch-form";
import { roleSwitchTitle } from "~/lib/role-switch-text";

interface RoleSwitchDialogProps {
  currentRole: Role;
  userType: UserType;
  returnTo: string;
  onClose: () => void;
}

/** The role-switch dialog; mounted open, unmounted when it closes. */
export function RoleSwitchDialog({ currentRole, userType, returnTo, onClose }: RoleSwitchDialogProps) {
  // The same route action as the page without JavaScript: it switches, flashes the toast and redirects back
  // to returnTo (or, when refused, to the /switch-role page with the reason), which the fetcher follows.
  const fetcher = useFetcher();
  const pending = fetcher.state !== "idle";
  const sent = useRef(false);
  useEffect(() => {
    if (pending) sent.current = true;
    else if (sent.current) onClose();
  }, [pending, onClose]);
  const switchRole = (form: FormData) => void fetcher.submit(form, { method: "post", action: "/switch-role" });

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <div className="mb-2 flex items-start justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{roleSwitchTitle(currentRole)}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 text-slate-500 hover:text-slate-900">
              <X className="h-4 w-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Choose how you will use Nearhand in your new role.</Dialog.Description>
          <RoleSwitchForm currentRole={currentRole} userType={userType} returnTo={returnTo} onSubmitEnhanced={switchRole} pending={pending} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
