import { initials, type NamedUser } from "~/lib/user-display";

interface AvatarProps {
  user: NamedUser & { profileImageUrl?: string | null };
  size?: "sm" | "md" | "lg";
}

const SIZES = { sm: "h-8 w-8 text-xs", md: "h-10 w-10 text-sm", lg: "h-20 w-20 text-2xl" };

/** Profile image, else initials, else 'U'. */
export function Avatar({ user, size = "md" }: AvatarProps) {
  const box = `${SIZES[size]} inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700`;
  if (user.profileImageUrl) {
    return (
      <span className={box}>
        <img src={user.profileImageUrl} alt="" className="h-full w-full object-cover" />
      </span>
    );
  }
  return (
    <span className={box} aria-hidden>
      {initials(user)}
    </span>
  );
}
