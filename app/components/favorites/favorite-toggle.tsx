"use client";

import { useId, useOptimistic, useTransition, type FormEvent } from "react";
import { useLocation, useSubmit } from "react-router";

import { subscribeToFailedWrites } from "~/lib/failed-requests";
import type { Role } from "~/lib/statuses";

export type FavoriteTargetType = "provider" | "job";

export interface FavoriteButtonProps {
  targetType: FavoriteTargetType;
  targetId: string;
  /** Whether the user has saved it (under their current role), as the server knows it. */
  initialFavorited: boolean;
  /**
   * The role the toggle uses: the user's current role (new favorites are
   * stored with it, spec §6), or, for a target saved under another role, that
   * role, so unsaving removes the favorite that is there.
   */
  role?: Role;
  /** What is saved (a job title, a provider's name), for screen readers. */
  label?: string;
  /** Instead of `label`: the id of an element on the page that already names what is saved (a job card's title). */
  describedBy?: string;
  className?: string;
}

interface FavoriteToggleProps extends FavoriteButtonProps {
  /** The heart, drawn by the server: filled while the button's data-favorited is true. */
  icon: React.ReactNode;
}

const ACTION = "/favorites/toggle";

const NAMES = {
  job: { add: "Save job", remove: "Remove saved job" },
  provider: { add: "Save provider", remove: "Remove saved provider" },
} as const;

/**
 * The favorite heart of job and provider cards (FavoriteButton draws it). A real form posting to
 * /favorites/toggle, so it works without JavaScript; with it the same form is posted without navigating (useSubmit
 * with a fetcher key), the heart flips at once (the value being sent), and the action's redirect brings the server's
 * value back: a refused save puts the heart back with the toast 'Failed to update favorite' (spec §4, §8) that the
 * action flashed. A plain form and useSubmit rather than useFetcher and its Form: the dashboard draws 20 hearts, and
 * those hooks cost it 3% of its CPU per request (issue 36, measured in session 35).
 */
export function FavoriteToggle({ targetType, targetId, initialFavorited, role, label, describedBy, className = "", icon }: FavoriteToggleProps) {
  const location = useLocation();
  const submit = useSubmit();
  const descriptionId = useId();
  const [busy, startTransition] = useTransition();
  // The value being sent while it is on its way; then the server's, as the action's redirect brought it back.
  const [favorited, setFavorited] = useOptimistic(initialFavorited);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One change at a time: a second click while the first is on its way is ignored.
    if (busy) return;
    // Read before the heart flips: the form as the user saw it.
    const data = new FormData(event.currentTarget);
    startTransition(async () => {
      setFavorited(!favorited);
      // A post whose route could not be looked up never settles (lib/failed-requests.ts): its failure ends the wait.
      let stopListening = () => {};
      const failed = new Promise<void>((resolve) => {
        stopListening = subscribeToFailedWrites(ACTION, (sent) => {
          if (sent?.get("targetId") === targetId) resolve();
        });
      });
      try {
        await Promise.race([
          submit(data, { method: "post", action: ACTION, navigate: false, fetcherKey: descriptionId, preventScrollReset: true }),
          failed,
        ]);
      } finally {
        stopListening();
      }
    });
  };

  const names = NAMES[targetType];
  return (
    // data-discover: React Router looks the action's route up as the page loads, as it does for its own <Form>.
    <form method="post" action={ACTION} data-discover="true" onSubmit={onSubmit} className={`shrink-0 ${className}`}>
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <input type="hidden" name="intent" value={favorited ? "remove" : "add"} />
      {role ? <input type="hidden" name="role" value={role} /> : null}
      <input type="hidden" name="returnTo" value={location.pathname + location.search + location.hash} />
      <button
        type="submit"
        aria-label={favorited ? names.remove : names.add}
        aria-pressed={favorited}
        aria-busy={busy || undefined}
        aria-describedby={describedBy ?? (label ? descriptionId : undefined)}
        title={favorited ? names.remove : names.add}
        data-testid={targetType === "job" ? "favorite-job" : "favorite-provider"}
        data-favorited={favorited}
        className={`heart-btn ${favorited ? "text-red-500 hover:text-red-600" : "text-slate-400 hover:text-red-500"}`}
      >
        {icon}
      </button>
      {label ? (
        <span id={descriptionId} hidden>
          {label}
        </span>
      ) : null}
    </form>
  );
}
