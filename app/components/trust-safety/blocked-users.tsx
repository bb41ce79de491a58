import { Avatar } from "~/components/avatar";
import { ProfileSection } from "~/components/profile/profile-parts";
import { BlockButton } from "~/components/trust-safety/block-button";
import { fullName } from "~/lib/user-display";
import type { BlockedUser } from "~/models/block.server";

/** The profile's "Blocked users": each with an Unblock button (a plain form), or a line saying there are none. */
export function BlockedUsersSection({ users }: { users: BlockedUser[] }) {
  return (
    <ProfileSection titleId="blocked-users-title" title="Blocked users" titleSpacing="mb-3" id="blocked-users" testId="blocked-users">
      {users.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="blocked-users-empty">
          You haven't blocked anyone. Block someone from their profile or a conversation.
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">You and they can't message each other or see each other's jobs.</p>
          <ul className="divide-y divide-slate-100">
            {users.map((user) => (
              <li key={user.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="blocked-user">
                <Avatar user={user} size="sm" />
                <p className="min-w-0 flex-1 break-words font-medium text-slate-900">{fullName(user)}</p>
                <BlockButton userId={user.id} name={fullName(user)} blocked returnTo="/profile#blocked-users" testId="unblock-button" />
              </li>
            ))}
          </ul>
        </>
      )}
    </ProfileSection>
  );
}
