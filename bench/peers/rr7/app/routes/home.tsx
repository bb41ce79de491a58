// "/": the landing for a visitor, the seeker home for a signed-in seeker: the loader runs the app's queries and the
// component renders the page from their data, the app's markup per item (shared/pages.tsx). The loader data goes
// to the browser for hydration, as a classic-mode app sends it.
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { Landing, peerPages, type PeerLink } from "../../../shared/pages.tsx";
import { seekerHome, sessionUser } from "../data.server";

const RouterLink: PeerLink = ({ href, ...props }) => <Link to={href} {...props} />;
const { SeekerHome } = peerPages(RouterLink);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await sessionUser(request.headers.get("Cookie"));
  if (!user) return { page: "landing" as const };
  const url = new URL(request.url);
  return { page: "seeker-home" as const, user, home: await seekerHome(user), returnTo: url.pathname + url.search };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return data.page === "landing" ? <Landing /> : <SeekerHome user={data.user} data={data.home} returnTo={data.returnTo} />;
}
