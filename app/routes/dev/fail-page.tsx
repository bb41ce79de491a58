import { data } from "react-router";

import { NotFoundPage } from "~/components/not-found-page";
import { getConfig } from "~/infra/config.server";

import type { Route } from "./+types/fail-page";

/**
 * /dev/fail/loader and /dev/fail/render: a page whose loader, or whose server component, fails, outside
 * production, so that tests (and an operator setting up log shipping) can see what an unexpected error logs.
 * Production shows the 404 page.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (getConfig().production || (params.stage !== "loader" && params.stage !== "render")) return data({ stage: null }, { status: 404 });
  if (params.stage === "loader") throw new Error("Forced failure in a loader (/dev/fail/loader)");
  return { stage: params.stage };
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  if (!loaderData.stage) return <NotFoundPage />;
  throw new Error("Forced failure while rendering a server component (/dev/fail/render)");
}
