"use client";

import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";

import type { Role, UserType } from "~/components/shell/role-switch-form";

// The dialog and its form (Radix, conform, zod) load when the dialog is about to open, not with every page.
const loadRoleSwitchDialog = () => import("~/components/shell/role-switch-dialog");
const RoleSwitchDialog = lazy(() => loadRoleSwitchDialog().then((module) => ({ default: module.RoleSwitchDialog })));

interface RoleSwitchLinkProps {
  currentRole: Role;
  userType: UserType;
  className: string;
  /** What the link shows, drawn by the server (the header): the shell's script carries no markup of its own. */
  children: React.ReactNode;
}

/**
 * The link to the /switch-role page, which is all there is without
 * JavaScript; with it, the dialog opens in place.
 */
export function RoleSwitchLink({ currentRole, userType, className, children }: RoleSwitchLinkProps) {
  const [open, setOpen] = useState(false);
  // From the router, not the server: the header is not re-rendered on client navigations.
  const location = useLocation();
  const returnTo = location.pathname + location.search;
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
        className={className}
        data-testid="role-switch"
      >
        {children}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <RoleSwitchDialog currentRole={currentRole} userType={userType} returnTo={returnTo} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
