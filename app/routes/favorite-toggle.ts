import { redirect, replace } from "react-router";

import { runForPage } from "~/http/operation-answers.server";
import { readPageForm } from "~/http/request-session.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { safeRedirectPath } from "~/lib/redirects";
import { favoriteToggleForm, toggleFavorite } from "~/operations/favorites.server";
import { parseInput } from "~/operations/parse-input.server";

import type { Route } from "./+types/favorite-toggle";

const FAILED = FAILURE_TOASTS.updateFavorite;

/**
 * POST /favorites/toggle (form: targetType, targetId, intent=add|remove,
 * returnTo, role?): the favorite heart without JavaScript. Both are idempotent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, form } = await readPageForm(context, request);
  const returnTo = safeRedirectPath(form.get("returnTo"), "/favorites");
  await runForPage(context, () => toggleFavorite(user, parseInput(favoriteToggleForm, Object.fromEntries(form))), { failure: FAILED });
  // replace: toggling a heart should not add a history entry.
  return replace(returnTo);
}

export function loader() {
  return redirect("/favorites");
}
