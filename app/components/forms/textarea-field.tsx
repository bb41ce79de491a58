"use client";

import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";

import { FieldError } from "~/components/forms/errors";
import { INPUT_CLASS, LABEL_CLASS } from "~/components/forms/styles";
import { useHydrated } from "~/lib/use-hydrated";

interface TextareaFieldProps {
  field: FieldMetadata<string | undefined>;
  label: ReactNode;
  optional?: boolean;
  maxLength: number;
  rows: number;
  placeholder?: string;
  /** The counter's id (the textarea is described by it) and test id. */
  counterId: string;
}

/**
 * A labelled textarea with a character counter ('12/500' once hydrated; 'Up to 500 characters' before and
 * without JavaScript, where nothing would update it) and the field's errors beside the counter.
 */
export function TextareaField({ field, label, optional, maxLength, rows, placeholder, counterId }: TextareaFieldProps) {
  const hydrated = useHydrated();
  const initialValue = typeof field.initialValue === "string" ? field.initialValue : "";
  const [length, setLength] = useState(initialValue.length);
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: counterId });
  return (
    <div className="grid gap-1.5">
      <label htmlFor={field.id} className={LABEL_CLASS}>
        {label}
        {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      <textarea
        key={key}
        {...props}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        className={`${INPUT_CLASS} resize-y`}
      />
      <div className="flex items-start justify-between gap-3">
        <FieldError id={field.errorId} errors={field.errors} />
        <p id={counterId} className="ml-auto shrink-0 text-xs text-slate-500" data-testid={counterId}>
          {hydrated ? `${length}/${maxLength}` : `Up to ${maxLength} characters`}
        </p>
      </div>
    </div>
  );
}
