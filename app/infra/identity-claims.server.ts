import "server-only";

// What the identity provider's userinfo answer may make of a user (decision 0059): a verified email, the subject it
// is bound to, the names, and a photo only from an allowed https host.
import { z } from "zod";

import { SignInRefused } from "~/lib/sign-in-refusals";
import { toOneLine } from "~/lib/text-fields";

/** What a sign-in tells of the person: the profile fields it may fill. */
export interface IdentityClaims {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** OpenID Connect caps `sub` at 255 ASCII characters. */
const SUBJECT_MAX_LENGTH = 255;
/**
 * The users table's name columns hold 100 characters: a longer name is cut to fit rather than failing the sign-in. A
 * name is one line, as the profile form's rule says (decision 0066): the provider's line breaks become spaces.
 */
const NAME_MAX_LENGTH = 100;
/** A longer picture address is no photo (no provider's is near this). */
const PICTURE_MAX_LENGTH = 2048;

const claimsSchema = z.object({
  sub: z.string().min(1).max(SUBJECT_MAX_LENGTH),
  email: z.email(),
  // Booleans, though some providers (Amazon Cognito) send them as strings.
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  given_name: z.string().optional().catch(undefined),
  family_name: z.string().optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  picture: z.unknown().optional(),
});

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  claims: IdentityClaims;
}

export interface IdentityRules {
  /** The configured issuer: with the subject, who the person is at the provider. */
  issuer: string;
  issuerVerifiesEmail: boolean;
  pictureHosts: readonly string[];
}

/**
 * The person the userinfo answer names, or a thrown SignInRefused when its email is not verified. A malformed
 * answer (no subject, no email) throws a ZodError: a failed sign-in.
 */
export function verifiedIdentity(userinfo: unknown, rules: IdentityRules): VerifiedIdentity {
  const claims = claimsSchema.parse(userinfo);
  const verified = claims.email_verified === true || claims.email_verified === "true";
  if (!verified && !rules.issuerVerifiesEmail) throw new SignInRefused("unverified-email");
  const [first, ...rest] = (claims.name ?? "").trim().split(/\s+/);
  return {
    issuer: rules.issuer.replace(/\/+$/, ""),
    subject: claims.sub,
    claims: {
      email: claims.email,
      firstName: fitName(claims.given_name ?? first),
      lastName: fitName(claims.family_name ?? rest.join(" ")),
      profileImageUrl: allowedPicture(claims.picture, rules.pictureHosts),
    },
  };
}

function fitName(name: string | undefined): string | null {
  const trimmed = name && toOneLine(name).trim();
  return trimmed ? [...trimmed].slice(0, NAME_MAX_LENGTH).join("") : null;
}

/**
 * The picture's address when it is an https URL on an allowed host (no credentials, no other port), else null.
 * Browsers load it; the server never fetches it.
 */
export function allowedPicture(picture: unknown, hosts: readonly string[]): string | null {
  if (typeof picture !== "string" || picture.length > PICTURE_MAX_LENGTH || !URL.canParse(picture)) return null;
  const url = new URL(picture);
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  return hosts.includes(url.hostname) ? url.href : null;
}
