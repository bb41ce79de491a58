import { z } from "zod";

import { CATEGORY_IDS } from "../categories.ts";
import { multiLineText, oneLineText } from "../text-fields.ts";

// The job form's fields and rules, shared by the wizard (conform, both sides) and the JSON API.
export const JOB_TITLE_MAX = 120;
export const JOB_DESCRIPTION_MAX = 2000;
export const JOB_LOCATION_MAX = 200;
export const JOB_BUDGET_MAX = 99_999_999.99;

export const jobFieldRules = {
  title: oneLineText("Title", { error: "Title is required" })
    .min(1, "Title is required")
    .max(JOB_TITLE_MAX, `Title must be at most ${JOB_TITLE_MAX} characters`),
  description: multiLineText("Description", { error: "Description is required" })
    .min(1, "Description is required")
    .max(JOB_DESCRIPTION_MAX, `Description must be at most ${JOB_DESCRIPTION_MAX} characters`),
  categoryId: z.enum(CATEGORY_IDS, { error: "Choose one of the six categories" }),
  budget: z
    .number({ error: "Budget must be a number" })
    .min(0, "Budget cannot be negative")
    .max(JOB_BUDGET_MAX, "Budget is too large")
    .multipleOf(0.01, "Budget has at most two decimals"),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
};

/** What the post-job form sends (form fields are strings; conform coerces numbers and checkboxes). */
export const postJobFormSchema = z.object({
  categoryId: jobFieldRules.categoryId,
  title: jobFieldRules.title,
  description: jobFieldRules.description,
  location: oneLineText("Location").max(JOB_LOCATION_MAX, `Location must be at most ${JOB_LOCATION_MAX} characters`).optional(),
  budget: jobFieldRules.budget.optional(),
  isUrgent: z.boolean().default(false),
  latitude: jobFieldRules.latitude.optional(),
  longitude: jobFieldRules.longitude.optional(),
  imageUrl: z.string().max(500).optional(),
});
export type PostJobForm = z.infer<typeof postJobFormSchema>;
