import { errorToast, showToast } from "./toast.ts";

/** Spec §9: the delay before the browser is sent to sign in again. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** Spec §8: what a mutation answered 401 shows. */
export const LOGGED_OUT_TOAST = errorToast("You are logged out. Logging in again...", "Unauthorized");

const SIGN_IN_PATH = "/api/login";

/** Whether `location` (a redirect target) is this app's sign-in. */
export function isSignInLocation(location: string): boolean {
  const url = new URL(location, window.location.href);
  return url.origin === window.location.origin && url.pathname === SIGN_IN_PATH;
}

/** Set once the page is on its way to sign-in: later failures add no second toast or visit. */
let leaving = false;

/** A full-page visit to `location` (the identity provider is no page of the app's router). */
export function leaveForSignIn(location: string): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(location);
}

/**
 * The session ended under a mutation (spec §8): the 'Unauthorized' toast, then
 * sign-in after 500 ms, coming back to the page the user is on.
 */
export function reportLoggedOut(): void {
  if (leaving) return;
  leaving = true;
  showToast(LOGGED_OUT_TOAST);
  const back = window.location.pathname + window.location.search;
  setTimeout(() => window.location.assign(`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(back)}`), LOGIN_REDIRECT_DELAY_MS);
}
