"use client";

import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";

import { FieldError, FormErrors } from "~/components/forms/errors";
import { Field } from "~/components/forms/field";
import { MoneyInput } from "~/components/forms/money-input";
import { FOCUS_RING, INPUT_CLASS } from "~/components/forms/styles";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextInput } from "~/components/forms/text-input";
import { TextareaField } from "~/components/forms/textarea-field";
import { ArrowLeft, Crosshair, Zap } from "~/components/icons";
import { WhenFieldset } from "~/components/post-job/when-fieldset";
import { POST_JOB_FORM_ID, REQUEST_FORM_ID } from "~/components/post-job/wizard";
import { JobImageField } from "~/components/uploads/job-image-field";
import { parseForm } from "~/lib/forms";
import { requestFormSchema, type RequestFormInput } from "~/lib/schemas/booking-request";
import { JOB_DESCRIPTION_MAX, JOB_LOCATION_MAX, JOB_TITLE_MAX, postJobFormSchema } from "~/lib/schemas/job";

/** A direct request (issue 33 §2): the same form, asked of one provider, with "When" and the provider's categories. */
export interface RequestOptions {
  providerId: string;
  providerName: string;
  /** The categories the provider offers: a choice when more than one. */
  categories: { id: string; name: string }[];
  minDate: string;
  timeZone: string;
}

interface JobDetailsFormProps {
  categoryId: string;
  request?: RequestOptions;
  /** Where the form posts: /post-job?category=X&step=3 (not an index route, so no ?index). */
  action: string;
  backHref: string;
  /** The server's verdict on the last no-JS (or server-rejected) submission. */
  lastResult?: SubmissionResult<string[]>;
}

type Coordinates = { latitude: number; longitude: number };

/** The browser's position, asked once on mount; null until (and unless) the user grants it. */
function useCurrentPosition(): Coordinates | null {
  const [coords, setCoords] = useState<Coordinates | null>(null);
  useEffect(() => {
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) return;
    let active = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (active) setCoords({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      () => {
        // Denied or unavailable: the typed location (or 'New York, NY') is used.
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
    return () => {
      active = false;
    };
  }, []);
  return coords;
}

/** Step 3: the 'Job Details' form — conform + zod, validated here and again by the route's action. */
export function JobDetailsForm({ categoryId, request, action, backHref, lastResult }: JobDetailsFormProps) {
  const navigation = useNavigation();
  const coords = useCurrentPosition();
  // The request form's fields are the job form's and "When": one set of fields for both.
  const [form, fields] = useForm<RequestFormInput>({
    id: request ? REQUEST_FORM_ID : POST_JOB_FORM_ID,
    lastResult,
    defaultValue: { categoryId, when: "asap" },
    // The job form's value is the request form's without the request's fields; validation is the form's own schema.
    onValidate: ({ formData }) => parseForm(formData, (request ? requestFormSchema : postJobFormSchema) as typeof requestFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const posting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const locationProps = getInputProps(fields.location, {
    type: "text",
    ariaDescribedBy: "location-hint",
  });
  const { key: budgetKey, ...budgetProps } = getInputProps(fields.budget, { type: "number", ariaDescribedBy: "budget-hint" });
  const { key: urgentKey, ...urgentProps } = getInputProps(fields.isUrgent, { type: "checkbox", ariaDescribedBy: "urgent-hint" });

  return (
    // Multipart: without JavaScript the image file travels with the form.
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6" aria-labelledby="step-title">
      {request ? <input type="hidden" name="providerId" value={request.providerId} /> : null}
      {request && request.categories.length > 1 ? (
        <Field field={fields.categoryId} label="Service">
          <select
            {...getSelectProps(fields.categoryId)}
            key={fields.categoryId.key}
            defaultValue={typeof fields.categoryId.initialValue === "string" ? fields.categoryId.initialValue : categoryId}
            className={INPUT_CLASS}
          >
            {request.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <input type="hidden" name={fields.categoryId.name} value={categoryId} />
      )}
      {coords ? (
        <>
          <input type="hidden" name={fields.latitude.name} value={coords.latitude.toFixed(7)} />
          <input type="hidden" name={fields.longitude.name} value={coords.longitude.toFixed(7)} />
        </>
      ) : null}

      <FormErrors id={form.errorId} errors={form.errors} />

      <Field field={fields.title} label="Title">
        <TextInput
          conform={getInputProps(fields.title, { type: "text" })}
          maxLength={JOB_TITLE_MAX}
          placeholder="e.g. Fix leaking kitchen sink"
          autoComplete="off"
        />
      </Field>

      <TextareaField
        field={fields.description}
        label="Description"
        maxLength={JOB_DESCRIPTION_MAX}
        rows={5}
        placeholder="Describe what needs to be done, when, and anything the provider should bring."
        counterId="description-count"
      />

      {request ? (
        <WhenFieldset
          fields={{
            when: fields.when,
            date: fields.date,
            startTime: fields.startTime,
            endTime: fields.endTime,
          }}
          minDate={request.minDate}
          timeZone={request.timeZone}
        />
      ) : null}

      <Field
        field={fields.location}
        label="Location"
        optional
        hint={{ id: "location-hint", text: "We'll use your current location by default" }}
        after={
          coords ? (
            <p className="flex items-center gap-1.5 text-xs font-medium text-green-700" role="status" data-testid="using-current-location">
              <Crosshair className="h-3.5 w-3.5" aria-hidden />
              Using your current location
            </p>
          ) : null
        }
      >
        <TextInput conform={locationProps} maxLength={JOB_LOCATION_MAX} placeholder="ZIP code or City, ST" autoComplete="address-level2" />
      </Field>

      <Field field={fields.budget} label="Budget (USD)" optional hint={{ id: "budget-hint", text: "Leave empty if you'd like providers to quote." }}>
        <MoneyInput key={budgetKey} {...budgetProps} wrapperClassName="relative sm:max-w-xs" min={0} step={0.01} placeholder="0.00" />
      </Field>

      <JobImageField initialImageUrl={typeof fields.imageUrl.initialValue === "string" ? fields.imageUrl.initialValue : undefined} />

      {request ? null : (
        <>
          <label
            htmlFor={fields.isUrgent.id}
            className="flex cursor-pointer items-start justify-between gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
          >
            <span>
              <span id="urgent-label" className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
                <Zap className="h-4 w-4 text-red-600" aria-hidden />
                Mark as Urgent
              </span>
              <span id="urgent-hint" className="mt-0.5 block text-xs text-slate-600">
                Urgent jobs get priority visibility to providers
              </span>
            </span>
            {/* A checkbox with switch semantics, transparent over the track and thumb that are drawn from its state. */}
            <span className="relative inline-flex shrink-0">
              <input
                key={urgentKey}
                {...urgentProps}
                role="switch"
                aria-labelledby="urgent-label"
                className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
                data-testid="urgent-switch"
              />
              <span
                aria-hidden
                className="inline-flex h-7 w-12 items-center rounded-full bg-slate-300 p-0.5 transition-colors peer-checked:bg-red-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-checked:[&>span]:translate-x-5"
              >
                <span className="h-6 w-6 rounded-full bg-white shadow transition-transform" />
              </span>
            </span>
          </label>
          <FieldError id={fields.isUrgent.errorId} errors={fields.isUrgent.errors} />
        </>
      )}

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
        <Link
          to={backHref}
          className={`inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 ${FOCUS_RING}`}
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back
        </Link>
        <SubmitButton
          pending={posting}
          pendingText={request ? "Sending..." : "Posting..."}
          className={`inline-flex items-center justify-center rounded-md bg-brand-600 px-6 py-2 text-sm font-semibold text-white hover:bg-brand-700 ${FOCUS_RING} disabled:opacity-60`}
        >
          {request ? "Send request" : "Post Job"}
        </SubmitButton>
      </div>
    </Form>
  );
}
