import type { ReactNode } from "react";

import { FieldError } from "~/components/forms/errors";
import { LABEL_CLASS } from "~/components/forms/styles";

interface FieldProps {
  /** The input's id, for the label. */
  htmlFor: string;
  label: ReactNode;
  /** Adds '(optional)' (or the given words) after the label, in a lighter weight. */
  optional?: boolean | string;
  /** A line under the input; its id should be in the input's aria-describedby. */
  hint?: { id: string; text: ReactNode };
  /** Shown after the hint, before the errors (a status line such as 'Using your current location'). */
  after?: ReactNode;
  errorId: string;
  errors?: string[];
  className?: string;
  children: ReactNode;
}

/** A labelled field: label, the input (children), an optional hint, then the field's errors. */
export function Field({ htmlFor, label, optional, hint, after, errorId, errors, className = "grid gap-1.5", children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className={LABEL_CLASS}>
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
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
