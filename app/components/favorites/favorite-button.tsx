import { FavoriteToggle, type FavoriteButtonProps } from "~/components/favorites/favorite-toggle";
import { Heart } from "~/components/icons";

/** The favorite heart: the server draws the icon, the client island (FavoriteToggle) saves and flips it. */
export function FavoriteButton(props: FavoriteButtonProps) {
  return <FavoriteToggle {...props} icon={<Heart className="h-5 w-5 in-data-[favorited=true]:fill-current" aria-hidden />} />;
}
