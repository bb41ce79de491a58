import { redirect } from "react-router";

import { runForPage } from "~/http/operation-answers.server";
import { readPageForm } from "~/http/request-session.server";
import { safeRedirectPath } from "~/lib/redirects";
import { USER_BLOCKED, USER_UNBLOCKED } from "~/lib/trust-safety-texts";
import { blockForm, setBlocked } from "~/operations/blocks.server";
import { parseInput } from "~/operations/parse-input.server";

import type { Route } from "./+types/blocks";

/**
 * POST /blocks (form: userId, intent=block|unblock, returnTo): the Block button of a profile or a conversation and the
 * Unblock buttons of /profile, with a toast. Both are idempotent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, form } = await readPageForm(context, request);
  const input = Object.fromEntries(form);
  await runForPage(context, () => setBlocked(user, parseInput(blockForm, input)), {
    success: input.intent === "unblock" ? USER_UNBLOCKED : USER_BLOCKED,
  });
  return redirect(safeRedirectPath(form.get("returnTo"), "/profile#blocked-users"));
}

export function loader() {
  return redirect("/profile#blocked-users");
}
