// The post-job wizard's steps live in the URL, so Back/Continue are plain links
// and the browser's back button works, with and without JavaScript.
import { CATEGORIES, type CategoryId } from "~/lib/categories";

export const POST_JOB_FORM_ID = "post-job";
export const REQUEST_FORM_ID = "request-provider";
export const WIZARD_STEPS = ["Category", "Providers", "Details"] as const;
export type WizardStep = 1 | 2 | 3;

export type Category = (typeof CATEGORIES)[number];

export function findCategory(id: string | null | undefined): Category | undefined {
  return CATEGORIES.find((c) => c.id === id);
}

/** /post-job → 1; ?category=repair → 2; ?category=repair&step=3 → 3 (an unknown category is step 1). */
export function parseWizardUrl(url: URL): { step: WizardStep; category?: Category } {
  const category = findCategory(url.searchParams.get("category"));
  if (!category) return { step: 1 };
  return { step: url.searchParams.get("step") === "3" ? 3 : 2, category };
}

export function wizardHref(step: WizardStep, categoryId?: CategoryId | string): string {
  if (step === 1 || !categoryId) return "/post-job";
  const query = new URLSearchParams({ category: categoryId });
  if (step === 3) query.set("step", "3");
  return `/post-job?${query.toString()}`;
}
