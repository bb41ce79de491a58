import type { ReactNode } from "react";

import { PRIMARY_BUTTON_CLASS } from "~/components/forms/styles";

interface SubmitButtonProps {
  pending?: boolean;
  /** What the button says while the form is on its way ('Posting...'). */
  pendingText: string;
  className?: string;
  children: ReactNode;
}

/** The form's primary button: disabled, with its pending text, while the submission is on its way. */
export function SubmitButton({ pending, pendingText, className = PRIMARY_BUTTON_CLASS, children }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={pending} className={className}>
      {pending ? pendingText : children}
    </button>
  );
}
