// The signed-in user from the app's session cookie: React Router's signed-cookie format (base64 JSON, ".",
// HMAC-SHA256 without padding) checked with node:crypto as the app checks it, then the session row and its user.
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "./db.ts";

const COOKIE_NAME = "nearhand_session";
const secret = process.env.SESSION_SECRET ?? "";

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  currentRole: "seeker" | "provider";
  isProviderOnline: boolean;
  providerCategories: string[];
  latitude: string | null;
  longitude: string | null;
}

function sessionIdFrom(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  const part = cookieHeader.split(";").map((p) => p.trim()).find((p) => p.startsWith(`${COOKIE_NAME}=`));
  if (!part) return null;
  const signed = decodeURIComponent(part.slice(COOKIE_NAME.length + 1));
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, ""));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const sid: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  return typeof sid === "string" ? sid : null;
}

/** The user of the request's session, or null (no cookie, a bad signature, an expired or unknown session). */
export async function sessionUser(cookieHeader: string | null | undefined): Promise<SessionUser | null> {
  const sid = sessionIdFrom(cookieHeader);
  if (!sid) return null;
  const [row] = await sql<SessionUser[]>`
    select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.profile_image_url as "profileImageUrl",
           u.current_role as "currentRole", u.is_provider_online as "isProviderOnline", u.provider_categories as "providerCategories",
           u.latitude, u.longitude
    from sessions s join users u on u.id = (s.sess ->> 'userId')::uuid
    where s.sid = ${sid} and s.expire > now()`;
  return row ?? null;
}
