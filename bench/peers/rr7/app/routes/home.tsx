// "/": the landing for a visitor, the seeker home for a signed-in seeker (the app's markup, the same queries).
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import Landing from "../../../generated/landing.js";
import SeekerHome from "../../../generated/seeker-home.js";
import { seekerHome, sessionUser } from "../data.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await sessionUser(request.headers.get("Cookie"));
  if (!user) return { page: "landing" as const };
  return { page: "seeker-home" as const, home: await seekerHome(user) };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return data.page === "landing" ? <Landing /> : <SeekerHome />;
}
