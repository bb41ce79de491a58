"use client";
// The job card's heart as a peer writes it: a client component (Next.js sends its props to the browser, React
// Router hydrates it), a real form that works without JavaScript, described by the card's title, as the app's
// FavoriteToggle draws it on a job card.
import { useState, type ReactNode } from "react";

const NAMES = { add: "Save job", remove: "Remove saved job" };

export function FavoriteToggle(props: {
  targetId: string;
  initialFavorited: boolean;
  role: string;
  /** The id of the card's title, which describes the button. */
  describedBy: string;
  returnTo: string;
  icon: ReactNode;
}) {
  const [favorited] = useState(props.initialFavorited);
  const name = favorited ? NAMES.remove : NAMES.add;
  return (
    <form className="shrink-0 -m-1" action="/favorites/toggle" method="post">
      <input type="hidden" name="targetType" value="job" />
      <input type="hidden" name="targetId" value={props.targetId} />
      <input type="hidden" name="intent" value={favorited ? "remove" : "add"} />
      <input type="hidden" name="role" value={props.role} />
      <input type="hidden" name="returnTo" value={props.returnTo} />
      <button
        type="submit"
        aria-label={name}
        aria-pressed={favorited}
        aria-describedby={props.describedBy}
        title={name}
        data-testid="favorite-job"
        data-favorited={favorited}
        className={`heart-btn ${favorited ? "text-red-500 hover:text-red-600" : "text-slate-400 hover:text-red-500"}`}
      >
        {props.icon}
      </button>
    </form>
  );
}
