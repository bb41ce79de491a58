"use client";

import { getInputProps, type FieldMetadata } from "@conform-to/react";

import { FieldError } from "~/components/forms/errors";
import { Field } from "~/components/forms/field";
import { LABEL_CLASS } from "~/components/forms/styles";
import { TextInput } from "~/components/forms/text-input";
import type { RequestFormInput } from "~/lib/schemas/booking-request";

interface WhenFieldsetProps {
  fields: {
    when: FieldMetadata<string | undefined, RequestFormInput>;
    date: FieldMetadata<string | undefined, RequestFormInput>;
    startTime: FieldMetadata<string | undefined, RequestFormInput>;
    endTime: FieldMetadata<string | undefined, RequestFormInput>;
  };
  /** Today in the market's time zone (YYYY-MM-DD): the first day the date picker offers. */
  minDate: string;
  /** The market's time zone, named for the user ("America/New_York"). */
  timeZone: string;
}

const CHOICE_CLASS =
  "flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600";

/**
 * "When": as soon as possible, or a day and a time window. The window's fields hide while "As soon as possible" is
 * chosen by CSS alone (`:has`), so the form behaves the same with JavaScript off.
 */
export function WhenFieldset({ fields, minDate, timeZone }: WhenFieldsetProps) {
  const chosen = typeof fields.when.initialValue === "string" ? fields.when.initialValue : "asap";
  return (
    <fieldset className="grid gap-3 [&:has(input[value=asap]:checked)_[data-window]]:hidden" aria-describedby={fields.when.errorId}>
      <legend className={`${LABEL_CLASS} mb-1.5`}>When</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className={CHOICE_CLASS}>
          <input type="radio" name={fields.when.name} value="asap" defaultChecked={chosen !== "scheduled"} className="accent-brand-600" />
          As soon as possible
        </label>
        <label className={CHOICE_CLASS}>
          <input
            type="radio"
            name={fields.when.name}
            value="scheduled"
            defaultChecked={chosen === "scheduled"}
            className="accent-brand-600"
            data-testid="when-scheduled"
          />
          Pick a day and time
        </label>
      </div>
      <FieldError id={fields.when.errorId} errors={fields.when.errors} />
      <div data-window className="grid gap-3 sm:grid-cols-3">
        <Field field={fields.date} label="Day">
          <TextInput conform={getInputProps(fields.date, { type: "date" })} min={minDate} />
        </Field>
        <Field field={fields.startTime} label="From">
          <TextInput conform={getInputProps(fields.startTime, { type: "time" })} step={900} />
        </Field>
        <Field field={fields.endTime} label="Until">
          <TextInput conform={getInputProps(fields.endTime, { type: "time" })} step={900} />
        </Field>
        <p className="text-xs text-slate-500 sm:col-span-3">Times are in the local time zone ({timeZone.replaceAll("_", " ")}).</p>
      </div>
    </fieldset>
  );
}
