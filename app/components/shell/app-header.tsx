import { Link } from "react-router";

import { Avatar } from "~/components/avatar";
import { Bell, Heart, LogOut, MessageSquare, Repeat, User as UserIcon, Users } from "~/components/icons";
import { MenuDisclosure } from "~/components/shell/menu-disclosure";
import { RoleSwitchLink } from "~/components/shell/role-switch";
import type { Role } from "~/lib/statuses";
import { badgeCount, fullName } from "~/lib/user-display";

/** The header's last element: the document's first paint waits for it (root.tsx, decision 0033). */
export const HEADER_END_ID = "header-end";

export interface ShellUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  currentRole: Role;
  userType: "individual" | "business";
}

interface AppHeaderProps {
  user: ShellUser;
  unreadNotifications: number;
  unreadMessages: number;
}

/** A server component: only the role switch and the profile menu's closing behaviour run in the browser. */
export function AppHeader({ user, unreadNotifications, unreadMessages }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        {/* Named by its text (not aria-label) so the visible "Nearhand" is part of the name (WCAG 2.5.3). */}
        <Link to="/" className="mr-auto flex items-center gap-2 text-lg font-bold text-slate-900">
          <Logo />
          <span>
            Nearhand<span className="sr-only"> home</span>
          </span>
        </Link>
        <div className="hidden md:block">
          <RoleSwitchButton user={user} />
        </div>
        {user.currentRole === "seeker" ? (
          <IconLink to="/providers" label="Find a provider" testId="providers-link">
            <Users className="h-5 w-5" aria-hidden />
          </IconLink>
        ) : null}
        <IconLink to="/favorites" label="Favorites">
          <Heart className="h-5 w-5" aria-hidden />
        </IconLink>
        <IconLink to="/notifications" label="Notifications" count={unreadNotifications} testId="notifications-link">
          <Bell className="h-5 w-5" aria-hidden />
        </IconLink>
        <IconLink to="/messages" label="Messages" count={unreadMessages} testId="messages-link">
          <MessageSquare className="h-5 w-5" aria-hidden />
        </IconLink>
        <ProfileMenu user={user} />
        <span id={HEADER_END_ID} hidden />
      </nav>
    </header>
  );
}

/** 'Become a Provider' / 'Find Help' with the role badge. */
function RoleSwitchButton({ user, className = "" }: { user: ShellUser; className?: string }) {
  const seeker = user.currentRole === "seeker";
  return (
    <RoleSwitchLink
      currentRole={user.currentRole}
      userType={user.userType}
      className={`inline-flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 ${className}`}
    >
      <Repeat className="h-4 w-4" aria-hidden />
      {seeker ? "Become a Provider" : "Find Help"}
      <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">{seeker ? "Seeker" : "Provider"}</span>
    </RoleSwitchLink>
  );
}

function Logo() {
  return (
    <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white" aria-hidden>
      N
    </span>
  );
}

function IconLink({
  to,
  label,
  count = 0,
  testId,
  children,
}: {
  to: string;
  label: string;
  count?: number;
  testId?: string;
  children: React.ReactNode;
}) {
  const badge = badgeCount(count);
  return (
    // Named by (visually hidden) text rather than aria-label: the badge's visible count would otherwise be
    // text that is not part of the name (WCAG 2.5.3); the name still says the exact unread count.
    <Link to={to} className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900" data-testid={testId}>
      {children}
      <span className="sr-only">{badge ? `${label} (${count} unread)` : label}</span>
      {badge ? (
        <span
          className="absolute -right-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
          data-testid={testId ? `${testId}-badge` : undefined}
          aria-hidden
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

/** A <details> menu: opens without JavaScript; with it, closes on outside click, Escape and navigation. */
function ProfileMenu({ user }: { user: ShellUser }) {
  return (
    <MenuDisclosure className="relative">
      <summary
        className="flex cursor-pointer list-none items-center rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&::-webkit-details-marker]:hidden"
        aria-label="Profile menu"
        data-testid="profile-menu"
      >
        <Avatar user={user} size="sm" initialsAsImage />
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-lg border border-slate-200 bg-white py-2 shadow-lg">
        <div className="border-b border-slate-100 px-4 pb-2">
          <p className="truncate font-medium text-slate-900">{fullName(user)}</p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
        <div className="px-2 pt-2 md:hidden">
          <RoleSwitchButton user={user} className="w-full" />
        </div>
        <Link to="/profile" className="flex items-center gap-2 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
          <UserIcon className="h-4 w-4" aria-hidden /> Profile
        </Link>
        <a href="/api/logout" className="flex items-center gap-2 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
          <LogOut className="h-4 w-4" aria-hidden /> Sign out
        </a>
      </div>
    </MenuDisclosure>
  );
}
