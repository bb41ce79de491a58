// "/": the landing for a visitor, the seeker home for a signed-in seeker, rendered per request from the app's
// queries: server components with the app's markup per item (shared/pages.tsx), the heart a client component.
import { cookies } from "next/headers";
import Link from "next/link";
import { Landing, peerPages, type PeerLink } from "../../shared/pages.tsx";
import { seekerHome } from "../../shared/queries.ts";
import { sessionUser } from "../../shared/session.ts";

export const dynamic = "force-dynamic";

const { SeekerHome } = peerPages(Link as PeerLink);

export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const cookieHeader = (await cookies()).toString();
  const user = await sessionUser(cookieHeader);
  if (!user) return <Landing />;
  const search = new URLSearchParams((await searchParams) as Record<string, string>).toString();
  return <SeekerHome user={user} data={await seekerHome(user)} returnTo={`/${search ? `?${search}` : ""}`} />;
}
