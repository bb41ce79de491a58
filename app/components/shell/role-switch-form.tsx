"use client";

import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useId, type FormEvent } from "react";
import { useNavigation } from "react-router";

import { FieldError, FormErrors } from "~/components/forms/errors";
import { SubmitButton } from "~/components/forms/submit-button";
import { parseForm } from "~/lib/forms";
import { switchRoleSchema } from "~/lib/schemas/role";
import { oppositeRole, type Role, type UserType } from "~/lib/statuses";

export type { Role, UserType };

const OPTIONS = [
  { value: "individual", label: "Individual", hint: "I'm helping myself or my family" },
  { value: "business", label: "Business", hint: "I represent a company or organization" },
] as const;

interface RoleSwitchFormProps {
  currentRole: Role;
  userType: UserType;
  returnTo: string;
  /** With JavaScript the dialog's fetcher posts the form to /switch-role; otherwise the browser does. */
  onSubmitEnhanced?: (form: FormData) => void;
  pending?: boolean;
  /** The server's verdict on the last no-JS submission, if it was rejected. */
  lastResult?: SubmissionResult<string[]>;
}

/** The role-switch question; a real form that works without JavaScript. */
export function RoleSwitchForm({ currentRole, userType, returnTo, onSubmitEnhanced, pending, lastResult }: RoleSwitchFormProps) {
  const navigation = useNavigation();
  const newRole = oppositeRole(currentRole);
  const questionId = useId();
  const [form, fields] = useForm({
    id: onSubmitEnhanced ? "switch-role-dialog" : "switch-role",
    lastResult,
    defaultValue: { newRole, userType },
    onValidate: ({ formData }) => parseForm(formData, switchRoleSchema),
    shouldValidate: "onSubmit",
  });
  const submitting = pending || navigation.state === "submitting";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSubmitEnhanced) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (switchRoleSchema.safeParse({ newRole: data.get("newRole"), userType: data.get("userType") }).success) onSubmitEnhanced(data);
  };

  return (
    <form method="post" action="/switch-role" {...getFormProps(form)} onSubmit={onSubmitEnhanced ? submit : form.onSubmit} className="grid gap-5">
      <input type="hidden" name={fields.newRole.name} value={newRole} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset className="grid gap-3" aria-describedby={fields.userType.errorId}>
        <legend id={questionId} className="mb-3 text-sm text-slate-600">
          Are you an individual or representing a business?
        </legend>
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-4 hover:border-brand-500 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={fields.userType.name}
              value={option.value}
              defaultChecked={(fields.userType.initialValue ?? userType) === option.value}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-slate-900">{option.label}</span>
              <span className="block text-sm text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
        <FieldError id={fields.userType.errorId} errors={fields.userType.errors} />
      </fieldset>
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton pending={submitting} pendingText="Switching...">
        Continue
      </SubmitButton>
    </form>
  );
}
