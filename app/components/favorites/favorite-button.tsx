import { FavoriteToggle, type FavoriteButtonProps } from "~/components/favorites/favorite-toggle";
import { Heart } from "~/components/icons";

/** The favorite heart: the server draws the icon, the client island (FavoriteToggle) saves and flips it. */
export function FavoriteButton(props: FavoriteButtonProps) {
  return <FavoriteToggle {...props} icon={<Heart className="heart-icon" aria-hidden />} />;
}
