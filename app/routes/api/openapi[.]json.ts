import { openApiDocumentAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { textResponse } from "~/http/compression.server";
import { openApiDocument } from "~/http/openapi.server";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the JSON API, for anyone (built once per process). */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "This document",
    signedIn: false,
    answers: [jsonAnswer(openApiDocumentAnswer, "The OpenAPI 3.1 document of the JSON API.")],
    handle: async ({ request }) => {
      const { text, etag } = await openApiDocument();
      const headers = { "Cache-Control": "public, max-age=3600", ETag: etag };
      if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
      return textResponse(text, { headers: new Headers({ ...headers, "Content-Type": "application/json; charset=utf-8" }) });
    },
  }),
});

/** If-None-Match compares weakly: any listed tag, weak or not, or "*". */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
