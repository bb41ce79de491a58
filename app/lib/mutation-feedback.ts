import { isUnauthorizedError } from "./api-client.ts";
import { reportLoggedOut } from "./session-ended.ts";
import { errorToast, showToast } from "./toast.ts";

/** The failure toast of a mutation (spec §8); a 401 sends the user to sign in again. */
export function reportMutationError(error: unknown, failureText: string): void {
  if (isUnauthorizedError(error)) {
    reportLoggedOut();
    return;
  }
  console.error(error);
  showToast(errorToast(failureText));
}
