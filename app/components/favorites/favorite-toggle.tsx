"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { useLocation, useRevalidator } from "react-router";
import { apiRequest } from "~/lib/api-client";
import { reportMutationError } from "~/lib/mutation-feedback";

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
  role?: "seeker" | "provider";
  /** What is saved (a job title, a provider's name), for screen readers. */
  label?: string;
  className?: string;
}

interface FavoriteToggleProps extends FavoriteButtonProps {
  /** The heart, drawn by the server: filled while the button's data-favorited is true. */
  icon: React.ReactNode;
}

const NAMES = {
  job: { add: "Save job", remove: "Remove saved job" },
  provider: { add: "Save provider", remove: "Remove saved provider" },
} as const;

/**
 * The favorite heart of job and provider cards (FavoriteButton draws it). A real form posting to
 * /favorites/toggle, so it works without JavaScript; with it the heart flips
 * at once, POST/DELETE /api/favorites saves the change, and a failure puts the
 * heart back with the toast 'Failed to update favorite' (spec §4, §8).
 */
export function FavoriteToggle({ targetType, targetId, initialFavorited, role, label, className = "", icon }: FavoriteToggleProps) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const descriptionId = useId();
  const [favorited, setFavorited] = useState(initialFavorited);
  // The server's value changed (another tab, a revalidation): it wins.
  const [serverValue, setServerValue] = useState(initialFavorited);
  if (serverValue !== initialFavorited) {
    setServerValue(initialFavorited);
    setFavorited(initialFavorited);
  }
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Without the role (a caller that did not pass it) the form posts as it would without JavaScript.
    if (!role) return;
    event.preventDefault();
    if (pending.current) return;
    const previous = favorited;
    const next = !previous;
    pending.current = true;
    setBusy(true);
    setFavorited(next);
    apiRequest(next ? "POST" : "DELETE", "/api/favorites", { targetType, targetId, role })
      .then(() => {
        // Lists built from favorites (the /favorites page, its counts) catch up.
        void revalidator.revalidate();
      })
      .catch((error: unknown) => {
        setFavorited(previous);
        reportMutationError(error, "Failed to update favorite");
      })
      .finally(() => {
        pending.current = false;
        setBusy(false);
      });
  };

  const names = NAMES[targetType];
  return (
    <form method="post" action="/favorites/toggle" onSubmit={onSubmit} className={`shrink-0 ${className}`}>
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
        aria-describedby={label ? descriptionId : undefined}
        title={favorited ? names.remove : names.add}
        data-testid={targetType === "job" ? "favorite-job" : "favorite-provider"}
        data-favorited={favorited}
        className={`rounded-full p-2 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          favorited ? "text-red-500 hover:text-red-600" : "text-slate-400 hover:text-red-500"
        }`}
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
