import { z } from "zod";

import { CATEGORY_IDS } from "../categories.ts";
import { multiLineText, oneLineText } from "../text-fields.ts";

// The profile form (decision 0015): shared by the page (conform, both sides) and the model.
export const BIO_MAX = 1000;

const optionalLine = (max: number, label: string) => oneLineText(label).max(max, `${label} must be at most ${max} characters`).optional();

export const profileFormSchema = z.object({
  firstName: oneLineText("First name", { error: "First name is required" })
    .min(1, "First name is required")
    .max(100, "First name must be at most 100 characters"),
  lastName: optionalLine(100, "Last name"),
  phoneNumber: oneLineText("Phone number")
    .max(40, "Phone number must be at most 40 characters")
    .regex(/^[+()\d\s.-]*$/, "Phone number may contain digits, spaces and + ( ) . - only")
    .optional(),
  bio: multiLineText("Bio").max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`).optional(),
  address: optionalLine(200, "Location"),
  hourlyRate: z
    .number({ error: "Hourly rate must be a number" })
    .min(0, "Hourly rate cannot be negative")
    .max(10_000, "Hourly rate is too large")
    .multipleOf(0.01)
    .optional(),
  providerCategories: z
    .array(z.enum(CATEGORY_IDS, { error: "Choose from the six categories" }))
    .max(6)
    .optional(),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
