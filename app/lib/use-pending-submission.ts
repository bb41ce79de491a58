import { useNavigation } from "react-router";

/**
 * True while a form posting to `action` with these field values is on its way (the button that sent it shows
 * its pending text). `action` undefined matches any action.
 */
export function usePendingSubmission(action: string | undefined, fields: Record<string, string>): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  if (action !== undefined && navigation.formAction !== action) return false;
  return Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);
}
