// GET /api/jobs/available as a resource route (the same queries and JSON as the app's).
import type { LoaderFunctionArgs } from "react-router";
import { availableJobs, sessionUser } from "../data.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await sessionUser(request.headers.get("Cookie"));
  if (!user) return Response.json({ message: "Not signed in" }, { status: 401 });
  return Response.json(await availableJobs(user));
}
