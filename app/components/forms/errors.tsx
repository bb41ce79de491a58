/** A field's messages, under the field; its id is the one the field's aria-describedby names. */
export function FieldError({ id, errors, className = "" }: { id: string; errors?: string[]; className?: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className={`text-sm text-red-600 ${className}`}>
      {errors.join(", ")}
    </p>
  );
}

/** The form's own messages (not tied to one field), announced when they appear. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {errors.join(", ")}
    </p>
  );
}
