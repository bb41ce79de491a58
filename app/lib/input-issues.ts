import type { z } from "zod";

/** "title: Too small; budget: Expected number": what a refused input says, for the API's 400 and the page's toast. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");
}
