import { initials, type NamedUser } from "~/lib/user-display";

interface AvatarProps {
  user: NamedUser & { profileImageUrl?: string | null };
  size?: "sm" | "md" | "lg";
}

const SIZES = { sm: "h-8 w-8 text-xs", md: "h-10 w-10 text-sm", lg: "h-20 w-20 text-2xl" };

/**
 * Profile image, else initials, else 'U'. The (decorative) image is a
 * background laid over the initials: one that fails to load simply does not
 * paint, so the initials show, with or without JavaScript.
 */
export function Avatar({ user, size = "md" }: AvatarProps) {
  const box = `${SIZES[size]} relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700`;
  return (
    <span className={box}>
      <span aria-hidden>{initials(user)}</span>
      {user.profileImageUrl ? (
        <span
          className="absolute inset-0 bg-cover bg-center"
          style={{ backgroundImage: `url(${JSON.stringify(user.profileImageUrl)})` }}
          data-testid="avatar-image"
        />
      ) : null}
    </span>
  );
}
