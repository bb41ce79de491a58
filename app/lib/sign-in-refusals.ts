import { z } from "zod";

// The reasons a sign-in is refused on a page of its own (/sign-in/refused), rather than with a "Sign-in failed" toast.

export const SIGN_IN_REFUSALS = {
  "unverified-email": {
    title: "Your email address is not verified",
    text: "Your identity provider does not confirm that this email address is yours. Verify it with them, then sign in again.",
  },
  "other-account": {
    title: "This email address already belongs to another sign-in",
    text: "The Nearhand account with this email address signs in with a different account at your identity provider. Sign in with that one.",
  },
} as const;

export type SignInRefusal = keyof typeof SIGN_IN_REFUSALS;

export const signInRefusalQuery = z.object({ reason: z.enum(Object.keys(SIGN_IN_REFUSALS) as [SignInRefusal, ...SignInRefusal[]]) });

export const SIGN_IN_REFUSED_PATH = "/sign-in/refused";

export function signInRefusedLocation(reason: SignInRefusal): string {
  return `${SIGN_IN_REFUSED_PATH}?reason=${reason}`;
}

/** Thrown while signing in when the identity may not become (or reach) an account. */
export class SignInRefused extends Error {
  readonly reason: SignInRefusal;
  constructor(reason: SignInRefusal) {
    super(`sign-in refused: ${reason}`);
    this.reason = reason;
  }
}
