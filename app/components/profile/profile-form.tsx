"use client";

import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/forms";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { categoryIcon } from "~/lib/job-display";
import { BIO_MAX, profileFormSchema } from "~/lib/schemas/profile";
import { CATEGORIES, CATEGORY_IDS } from "../../../db/categories.ts";
import { LOCATION_HINT, PROFILE_FORM_ID } from "./constants";

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

const INPUT =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500";
const LABEL = "text-sm font-medium text-slate-900";

/**
 * The profile form: conform + the shared schema here and in the action. A
 * real form posting to /profile?edit=1, so it works without JavaScript and a
 * rejected post comes back to the same page state.
 */
export function ProfileForm({ defaults, isProvider, lastResult }: ProfileFormProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: PROFILE_FORM_ID,
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseForm(formData, profileFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const initialBio = typeof fields.bio.initialValue === "string" ? fields.bio.initialValue : "";
  const [bioLength, setBioLength] = useState(initialBio.length);
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction?.startsWith("/profile");

  const { key: firstNameKey, ...firstNameProps } = getInputProps(fields.firstName, { type: "text" });
  const { key: lastNameKey, ...lastNameProps } = getInputProps(fields.lastName, { type: "text" });
  const { key: phoneKey, ...phoneProps } = getInputProps(fields.phoneNumber, { type: "tel" });
  const { key: bioKey, ...bioProps } = getTextareaProps(fields.bio, { ariaDescribedBy: "bio-count" });
  const { key: addressKey, ...addressProps } = getInputProps(fields.address, { type: "text", ariaDescribedBy: "address-hint" });
  const { key: rateKey, ...rateProps } = getInputProps(fields.hourlyRate, { type: "number", ariaDescribedBy: "rate-hint" });
  const categoryInputs = getCollectionProps(fields.providerCategories, { type: "checkbox", options: [...CATEGORY_IDS] });

  return (
    <Form method="post" action="/profile?edit=1" {...getFormProps(form)} className="grid gap-6" aria-labelledby="edit-profile-title">
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {form.errors.join(", ")}
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <label htmlFor={fields.firstName.id} className={LABEL}>
            First name
          </label>
          <input key={firstNameKey} {...firstNameProps} maxLength={100} autoComplete="given-name" className={INPUT} />
          <FieldError id={fields.firstName.errorId} errors={fields.firstName.errors} />
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor={fields.lastName.id} className={LABEL}>
            Last name
          </label>
          <input key={lastNameKey} {...lastNameProps} maxLength={100} autoComplete="family-name" className={INPUT} />
          <FieldError id={fields.lastName.errorId} errors={fields.lastName.errors} />
        </div>
      </div>

      <div className="grid gap-1.5">
        <label htmlFor={fields.phoneNumber.id} className={LABEL}>
          Phone <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input key={phoneKey} {...phoneProps} maxLength={40} autoComplete="tel" placeholder="+1 555 123 4567" className={INPUT} />
        <FieldError id={fields.phoneNumber.errorId} errors={fields.phoneNumber.errors} />
      </div>

      <div className="grid gap-1.5">
        <label htmlFor={fields.bio.id} className={LABEL}>
          Bio <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          key={bioKey}
          {...bioProps}
          rows={4}
          maxLength={BIO_MAX}
          placeholder="A few words about you"
          onInput={(event) => setBioLength(event.currentTarget.value.length)}
          className={`${INPUT} resize-y`}
        />
        <div className="flex items-start justify-between gap-3">
          <FieldError id={fields.bio.errorId} errors={fields.bio.errors} />
          <p id="bio-count" className="ml-auto shrink-0 text-xs text-slate-500" data-testid="bio-count">
            {hydrated ? `${bioLength}/${BIO_MAX}` : `Up to ${BIO_MAX} characters`}
          </p>
        </div>
      </div>

      <div className="grid gap-1.5">
        <label htmlFor={fields.address.id} className={LABEL}>
          Location <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input key={addressKey} {...addressProps} maxLength={200} autoComplete="address-level2" placeholder="Brooklyn, NY" className={INPUT} />
        <p id="address-hint" className="text-xs text-slate-500">
          {LOCATION_HINT}
        </p>
        <FieldError id={fields.address.errorId} errors={fields.address.errors} />
      </div>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Service provider details</legend>
        <p className="-mt-2 text-sm text-slate-600">
          {isProvider
            ? "Shown to clients on your public profile and used to match you with jobs."
            : "Used when you switch to offering services."}
        </p>
        <div className="grid gap-1.5 sm:max-w-xs">
          <label htmlFor={fields.hourlyRate.id} className={LABEL}>
            Hourly rate <span className="font-normal text-slate-500">($/hr)</span>
          </label>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden>
              $
            </span>
            <input key={rateKey} {...rateProps} min={0} max={10000} step="0.01" inputMode="decimal" className={`${INPUT} pl-7`} />
          </div>
          <p id="rate-hint" className="text-xs text-slate-500">
            Leave empty if you have no hourly rate.
          </p>
          <FieldError id={fields.hourlyRate.errorId} errors={fields.hourlyRate.errors} />
        </div>
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
        <Link
          to="/profile"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-center text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Cancel
        </Link>
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          {saving ? "Saving..." : "Save changes"}
        </button>
      </div>
    </Form>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-600">
      {errors.join(", ")}
    </p>
  );
}
