import { z } from "zod";

import { multiLineText } from "../text-fields.ts";

// Review rules (spec §5): rating 1-5; comment optional, trimmed, at most 500 characters, omitted when empty.
export const REVIEW_COMMENT_MAX = 500;
export const RATING_LABELS = { 1: "Poor", 2: "Fair", 3: "Good", 4: "Very Good", 5: "Excellent" } as const;

export const reviewFieldRules = {
  rating: z
    .number({ error: "Please select a star rating before submitting." })
    .int("Rating must be a whole number")
    .min(1, "Please select a star rating before submitting.")
    .max(5, "Rating must be between 1 and 5"),
  comment: multiLineText("Comment")
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
};

export const reviewFormSchema = z.object({
  rating: reviewFieldRules.rating,
  comment: reviewFieldRules.comment,
});
