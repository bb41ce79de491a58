import { useNavigation } from "react-router";

/**
 * usePendingSubmission (app/lib/use-pending-submission.ts) for one action, outside the form kit: vite.config.ts builds
 * that hook into the form kit's chunk, which the pages whose only forms are a confirm step or a booking's status
 * button (a seeker's own job page, an accepted booking) would load for it alone, 2.2 KiB of gzipped JavaScript
 * (issue 36 §5).
 */
export function usePendingPost(action: string, fields: Record<string, string>): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST" || navigation.formAction !== action) return false;
  return Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);
}
