import { redirect, replace } from "react-router";
import type { Route } from "./+types/favorite-toggle";
import { DomainError } from "~/models/errors";
import { addFavorite, favoriteSchema, removeFavorite } from "~/models/favorite.server";
import { safeRedirectPath } from "~/lib/redirects";
import { getDb } from "~/services/db.server";
import { flashToast, requireUser } from "~/services/request-session.server";

const FAILED = { title: "Error", description: "Failed to update favorite", variant: "destructive" } as const;

/**
 * POST /favorites/toggle (form: targetType, targetId, intent=add|remove,
 * returnTo, role?): the favorite heart without JavaScript. A new favorite is
 * stored with the user's current role; removing takes the role the favorite
 * was saved with (the form's `role`, default the current role). Both are
 * idempotent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await request.formData();
  const returnTo = safeRedirectPath(form.get("returnTo"), "/favorites");
  const intent = form.get("intent");
  const savedRole = form.get("role");
  const input = favoriteSchema.safeParse({
    targetType: form.get("targetType"),
    targetId: form.get("targetId"),
    role: intent === "remove" && (savedRole === "seeker" || savedRole === "provider") ? savedRole : user.currentRole,
  });
  if (!input.success || (intent !== "add" && intent !== "remove")) {
    flashToast(context, FAILED);
    return replace(returnTo);
  }
  try {
    const db = await getDb();
    if (intent === "add") await addFavorite(db, user.id, input.data);
    else await removeFavorite(db, user.id, input.data);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    flashToast(context, FAILED);
  }
  // replace: toggling a heart should not add a history entry.
  return replace(returnTo);
}

export function loader() {
  return redirect("/favorites");
}
