import { showToast } from "~/components/toaster";
import { isUnauthorizedError } from "./api-client";

/** Spec §9: the delay before the browser is sent to sign in again. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** The failure toast of a mutation (spec §8); a 401 sends the user to sign in again. */
export function reportMutationError(error: unknown, failureText: string): void {
  if (isUnauthorizedError(error)) {
    showToast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    setTimeout(() => {
      window.location.href = `/api/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`;
    }, LOGIN_REDIRECT_DELAY_MS);
    return;
  }
  console.error(error);
  showToast({ title: "Error", description: failureText, variant: "destructive" });
}
