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
  /** The page adds the operator's reason and the end date, read from the account (issue 34). */
  suspended: {
    title: "Your account is suspended",
    text: "A Nearhand operator suspended this account. You cannot sign in while it is suspended.",
  },
} as const;

export type SignInRefusal = keyof typeof SIGN_IN_REFUSALS;

export const signInRefusalQuery = z.object({
  reason: z.enum(Object.keys(SIGN_IN_REFUSALS) as [SignInRefusal, ...SignInRefusal[]]),
  /** A suspended account's id and its signature: the page reads the suspension's reason and end from the account. */
  user: z.string().optional(),
  sig: z.string().optional(),
});

export const SIGN_IN_REFUSED_PATH = "/sign-in/refused";
/** The purpose the refused account's id is signed for: only the callback sends a reader to their suspension's page. */
export const REFUSED_ACCOUNT_SIGNATURE = "refused-account";

export function signInRefusedLocation(reason: SignInRefusal, account?: { user: string; sig: string }): string {
  const query = new URLSearchParams({ reason, ...account });
  return `${SIGN_IN_REFUSED_PATH}?${query.toString()}`;
}

/** Thrown while signing in when the identity may not become (or reach) an account. */
export class SignInRefused extends Error {
  readonly reason: SignInRefusal;
  /** The account refused, when the page says more about it (a suspension). */
  readonly userId: string | null;
  constructor(reason: SignInRefusal, userId: string | null = null) {
    super(`sign-in refused: ${reason}`);
    this.reason = reason;
    this.userId = userId;
  }
}
