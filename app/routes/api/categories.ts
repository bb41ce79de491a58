import { z } from "zod";

import { categoryAnswer } from "~/http/api-answers.server";
import { apiRoute, endpoint, jsonAnswer } from "~/http/api-route.server";
import { json } from "~/http/api.server";
import { categories } from "~/operations/categories.server";

/** GET /api/categories: id, name, icon, description. */
export const { endpoints, loader, action } = apiRoute({
  get: endpoint({
    summary: "The service categories",
    answers: [jsonAnswer(z.array(categoryAnswer), "The six categories, in their order.")],
    handle: async () => json(await categories(), { headers: { "Cache-Control": "private, max-age=300" } }),
  }),
});
