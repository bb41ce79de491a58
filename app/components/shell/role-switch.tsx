"use client";

import { Repeat } from "~/components/icons";
import { lazy, Suspense, useState } from "react";
import type { Role, UserType } from "./role-switch-form";

// The dialog and its form (Radix, conform, zod) load when the dialog is about to open, not with every page.
const loadRoleSwitchDialog = () => import("./role-switch-dialog");
const RoleSwitchDialog = lazy(() => loadRoleSwitchDialog().then((module) => ({ default: module.RoleSwitchDialog })));

interface RoleSwitchButtonProps {
  currentRole: Role;
  userType: UserType;
  returnTo: string;
  className?: string;
}

/**
 * 'Become a Provider' / 'Find Help' with the role badge. A link to the
 * /switch-role page without JavaScript; with it, the dialog opens in place.
 */
export function RoleSwitchButton({ currentRole, userType, returnTo, className = "" }: RoleSwitchButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={`/switch-role?returnTo=${encodeURIComponent(returnTo)}`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        onPointerEnter={() => void loadRoleSwitchDialog()}
        onFocus={() => void loadRoleSwitchDialog()}
        aria-haspopup="dialog"
        className={`inline-flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 ${className}`}
        data-testid="role-switch"
      >
        <Repeat className="h-4 w-4" aria-hidden />
        {currentRole === "seeker" ? "Become a Provider" : "Find Help"}
        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
          {currentRole === "seeker" ? "Seeker" : "Provider"}
        </span>
      </a>
      {open ? (
        <Suspense fallback={null}>
          <RoleSwitchDialog currentRole={currentRole} userType={userType} returnTo={returnTo} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
