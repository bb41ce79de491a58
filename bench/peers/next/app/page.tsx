// "/": the landing for a visitor, the seeker home for a signed-in seeker (the app's markup, the same queries),
// rendered per request.
import { cookies } from "next/headers";
import Landing from "../../generated/landing.js";
import SeekerHome from "../../generated/seeker-home.js";
import { seekerHome } from "../../shared/queries.ts";
import { sessionUser } from "../../shared/session.ts";

export const dynamic = "force-dynamic";

export default async function Home() {
  const cookieHeader = (await cookies()).toString();
  const user = await sessionUser(cookieHeader);
  if (!user) return <Landing />;
  await seekerHome(user);
  return <SeekerHome />;
}
