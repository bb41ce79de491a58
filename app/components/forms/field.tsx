import type { ReactNode } from "react";

import { FieldError } from "~/components/forms/errors";
import { LABEL_CLASS } from "~/components/forms/styles";

interface FieldProps {
  /** The form field (conform's metadata): its input's id for the label, its error id and errors. */
  field: { id: string; errorId: string; errors?: string[] };
  label: ReactNode;
  /** Adds '(optional)' (or the given words) after the label, in a lighter weight. */
  optional?: boolean | string;
  /** A line under the input; its id should be in the input's aria-describedby. */
  hint?: { id: string; text: ReactNode };
  /** Shown after the hint, before the errors (a status line such as 'Using your current location'). */
  after?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A labelled field: label, the input (children), an optional hint, then the field's errors. */
export function Field({ field, label, optional, hint, after, className = "grid gap-1.5", children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className={LABEL_CLASS}>
        {label}
        {optional ? <span className="font-normal text-slate-500"> {optional === true ? "(optional)" : optional}</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={hint.id} className="text-xs text-slate-500">
          {hint.text}
        </p>
      ) : null}
      {after}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
