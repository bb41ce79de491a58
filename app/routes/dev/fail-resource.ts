import { apiError } from "~/http/api.server";
import { getConfig } from "~/infra/config.server";

/**
 * /dev/fail/resource: a resource route that fails, outside production, so that tests (and an operator setting up
 * log shipping) can see what an unexpected error logs. Production answers 404.
 */
export function loader() {
  if (getConfig().production) throw apiError(404, "Not Found");
  throw new Error("Forced failure in a resource route (/dev/fail/resource)");
}
