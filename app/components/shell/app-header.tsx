import { Link } from "react-router";

import { Avatar } from "~/components/avatar";
import { Bell, Heart, LogOut, MessageSquare, Repeat, User as UserIcon, Users } from "~/components/icons";
import { MenuDisclosure } from "~/components/shell/menu-disclosure";
import { RoleSwitchLink } from "~/components/shell/role-switch";
import type { Role } from "~/lib/statuses";
import { badgeCount, fullName } from "~/lib/user-display";

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
    <header className="app-header">
      <nav aria-label="Main" className="app-nav">
        {/* Named by its text (not aria-label) so the visible "Nearhand" is part of the name (WCAG 2.5.3). */}
        <Link to="/" className="app-brand">
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
      </nav>
    </header>
  );
}

/** 'Become a Provider' / 'Find Help' with the role badge. */
function RoleSwitchButton({ user, className = "" }: { user: ShellUser; className?: string }) {
  const seeker = user.currentRole === "seeker";
  return (
    <RoleSwitchLink currentRole={user.currentRole} userType={user.userType} className={`btn-outline ${className}`}>
      <Repeat className="h-4 w-4" aria-hidden />
      {seeker ? "Become a Provider" : "Find Help"}
      <span className="pill-brand">{seeker ? "Seeker" : "Provider"}</span>
    </RoleSwitchLink>
  );
}

function Logo() {
  return (
    <span className="app-logo" aria-hidden>
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
    <Link to={to} className="nav-icon" data-testid={testId}>
      {children}
      <span className="sr-only">{badge ? `${label} (${count} unread)` : label}</span>
      {badge ? (
        <span className="nav-count" data-testid={testId ? `${testId}-badge` : undefined} aria-hidden>
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
      <summary className="menu-summary" aria-label="Profile menu" data-testid="profile-menu">
        <Avatar user={user} size="sm" initialsAsImage />
      </summary>
      <div className="menu-panel">
        <div className="border-b border-slate-100 px-4 pb-2">
          <p className="truncate font-medium text-slate-900">{fullName(user)}</p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
        <div className="px-2 pt-2 md:hidden">
          <RoleSwitchButton user={user} className="w-full" />
        </div>
        <Link to="/profile" className="menu-item">
          <UserIcon className="h-4 w-4" aria-hidden /> Profile
        </Link>
        <a href="/api/logout" className="menu-item">
          <LogOut className="h-4 w-4" aria-hidden /> Sign out
        </a>
      </div>
    </MenuDisclosure>
  );
}
