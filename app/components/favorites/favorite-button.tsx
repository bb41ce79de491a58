import { FavoriteToggle, type FavoriteButtonProps } from "~/components/favorites/favorite-toggle";
import { Heart } from "~/components/icons";

/** Made once: a list's hearts share it, and the RSC payload carries it once (decision 0078). */
const HEART = <Heart className="heart-icon" aria-hidden />;

/** The favorite heart: the server draws the icon, the client island (FavoriteToggle) saves and flips it. */
export function FavoriteButton(props: FavoriteButtonProps) {
  return <FavoriteToggle {...props} icon={HEART} />;
}
