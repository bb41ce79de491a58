import { data } from "react-router";

import { NotFoundPage } from "~/components/not-found-page";

/**
 * Any unknown path: a real 404 status, and the 404 page rendered by this route,
 * so a signed-in user keeps the app's header (the root's layout) around it;
 * signed out, the root draws no header, as on every signed-out page.
 */
export function loader() {
  return data(null, { status: 404 });
}

export function ServerComponent() {
  return <NotFoundPage />;
}
