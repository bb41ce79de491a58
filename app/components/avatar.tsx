import { initials, type NamedUser } from "~/lib/user-display";

interface AvatarProps {
  user: NamedUser & { profileImageUrl?: string | null };
  size?: "sm" | "md" | "lg";
  /**
   * Draws the initials as generated content (like the picture they stand in for) rather than text: inside a
   * control named otherwise (the header's 'Profile menu'), text would have to be part of the name (WCAG 2.5.3).
   */
  initialsAsImage?: boolean;
}

const SIZES = { sm: "avatar avatar-sm", md: "avatar avatar-md", lg: "avatar avatar-lg" };

/**
 * Profile image, else initials, else 'U'. The (decorative) image is a
 * background laid over the initials: one that fails to load simply does not
 * paint, so the initials show, with or without JavaScript.
 */
export function Avatar({ user, size = "md", initialsAsImage = false }: AvatarProps) {
  // Decorative: the name is always written beside it. Initials as text are the circle's own text (issue 36: one
  // element less per avatar), hidden with it.
  return (
    <span className={SIZES[size]} aria-hidden={!initialsAsImage || undefined}>
      {initialsAsImage ? <span aria-hidden data-initials={initials(user)} className="before:content-[attr(data-initials)]" /> : initials(user)}
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
