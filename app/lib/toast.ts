// Toast constants (spec §9) and the shape shared by server flashes and client calls.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** A toast as it is flashed or shown (the id is given when shown). */
export type Toast = Omit<ToastMessage, "id">;

/** A refusal's or a failure's toast (spec §8): red, titled "Error" unless the rule names its own title. */
export function errorToast(description: string, title = "Error"): Toast & { description: string } {
  return { title, description, variant: "destructive" };
}

type ToastListener = (toast: ToastMessage) => void;
const listeners = new Set<ToastListener>();

/** Shows a toast from client code (failures of enhanced forms, live events); the Toaster listens. */
export function showToast(toast: Toast): void {
  const message = { ...toast, id: crypto.randomUUID() };
  for (const listener of listeners) listener(message);
}

/** Calls `listener` with every toast shown from now on; returns the unsubscribe. */
export function onToast(listener: ToastListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
