"use client";

import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";

import { categoryIcon } from "~/components/category-icon";
import { FieldError, FormErrors } from "~/components/forms/errors";
import { Field } from "~/components/forms/field";
import { MoneyInput } from "~/components/forms/money-input";
import { LABEL_CLASS as LABEL, SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextInput } from "~/components/forms/text-input";
import { TextareaField } from "~/components/forms/textarea-field";
import { LOCATION_HINT, PROFILE_FORM_ID } from "~/components/profile/constants";
import { CATEGORIES, CATEGORY_IDS } from "~/lib/categories";
import { parseForm } from "~/lib/forms";
import { BIO_MAX, profileFormSchema } from "~/lib/schemas/profile";

export interface ProfileFormDefaults {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  bio: string;
  address: string;
  hourlyRate: string;
  providerCategories: string[];
}

interface ProfileFormProps {
  defaults: ProfileFormDefaults;
  /** Provider fields are labelled for providers; seekers keep them for when they switch. */
  isProvider: boolean;
  /** The server's verdict on the last rejected submission. */
  lastResult?: SubmissionResult<string[]>;
}

/**
 * The profile form: conform + the shared schema here and in the action. A
 * real form posting to /profile?edit=1, so it works without JavaScript and a
 * rejected post comes back to the same page state.
 */
export function ProfileForm({ defaults, isProvider, lastResult }: ProfileFormProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: PROFILE_FORM_ID,
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseForm(formData, profileFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction?.startsWith("/profile");

  const { key: rateKey, ...rateProps } = getInputProps(fields.hourlyRate, { type: "number", ariaDescribedBy: "rate-hint" });
  const categoryInputs = getCollectionProps(fields.providerCategories, { type: "checkbox", options: [...CATEGORY_IDS] });

  return (
    <Form method="post" action="/profile?edit=1" {...getFormProps(form)} className="grid gap-6" aria-labelledby="edit-profile-title">
      <FormErrors id={form.errorId} errors={form.errors} />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.firstName} label="First name" className="grid content-start gap-1.5">
          <TextInput conform={getInputProps(fields.firstName, { type: "text" })} maxLength={100} autoComplete="given-name" />
        </Field>
        <Field field={fields.lastName} label="Last name" className="grid content-start gap-1.5">
          <TextInput conform={getInputProps(fields.lastName, { type: "text" })} maxLength={100} autoComplete="family-name" />
        </Field>
      </div>

      <Field field={fields.phoneNumber} label="Phone" optional>
        <TextInput conform={getInputProps(fields.phoneNumber, { type: "tel" })} maxLength={40} autoComplete="tel" placeholder="+1 555 123 4567" />
      </Field>

      <TextareaField field={fields.bio} label="Bio" optional maxLength={BIO_MAX} rows={4} placeholder="A few words about you" counterId="bio-count" />

      <Field field={fields.address} label="Location" optional hint={{ id: "address-hint", text: LOCATION_HINT }}>
        <TextInput
          conform={getInputProps(fields.address, { type: "text", ariaDescribedBy: "address-hint" })}
          maxLength={200}
          autoComplete="address-level2"
          placeholder="Brooklyn, NY"
        />
      </Field>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Service provider details</legend>
        <p className="-mt-2 text-sm text-slate-600">
          {isProvider ? "Shown to clients on your public profile and used to match you with jobs." : "Used when you switch to offering services."}
        </p>
        <Field
          field={fields.hourlyRate}
          label="Hourly rate"
          optional="($/hr)"
          hint={{ id: "rate-hint", text: "Leave empty if you have no hourly rate." }}
          className="grid gap-1.5 sm:max-w-xs"
        >
          <MoneyInput key={rateKey} {...rateProps} min={0} max={10000} step="0.01" />
        </Field>
        <fieldset className="grid gap-2" aria-describedby={fields.providerCategories.errors ? fields.providerCategories.errorId : undefined}>
          <legend className={`${LABEL} mb-2`}>Service categories</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {categoryInputs.map(({ key, ...props }) => {
              const category = CATEGORIES.find((c) => c.id === props.value)!;
              const Icon = categoryIcon(category.icon);
              return (
                <label
                  key={key}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm hover:border-brand-500 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
                >
                  <input {...props} className="h-4 w-4 accent-brand-600" />
                  <Icon className="h-4 w-4 text-slate-500" aria-hidden />
                  <span className="font-medium text-slate-800">{category.name}</span>
                </label>
              );
            })}
          </div>
          <FieldError id={fields.providerCategories.errorId} errors={fields.providerCategories.errors} />
        </fieldset>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/profile" className={SECONDARY_BUTTON_CLASS}>
          Cancel
        </Link>
        <SubmitButton pending={saving} pendingText="Saving...">
          Save changes
        </SubmitButton>
      </div>
    </Form>
  );
}
