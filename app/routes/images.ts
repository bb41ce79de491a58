import { IMAGE_KEY, presignDownload } from "~/infra/storage.server";

import type { Route } from "./+types/images";

/**
 * GET /images/<key>: the stable URL of a stored image. It redirects to a
 * short-lived presigned GET of the storage (decision 0017); browsers may reuse
 * the redirect for a few minutes.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!IMAGE_KEY.test(key)) return new Response("Image not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(null, {
    status: 302,
    headers: { Location: await presignDownload(key), "Cache-Control": "private, max-age=240" },
  });
}
