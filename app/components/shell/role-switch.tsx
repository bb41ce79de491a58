"use client";

import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { Repeat, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { showToast } from "~/components/toaster";
import { apiRequest } from "~/lib/api-client";
import { reportMutationError } from "~/lib/mutation-feedback";
import { roleSwitchSuccess, roleSwitchTitle } from "~/lib/role-switch-text";
import { switchRoleSchema } from "~/lib/schemas/role";

type Role = "seeker" | "provider";
type UserType = "individual" | "business";

const OPTIONS = [
  { value: "individual", label: "Individual", hint: "I'm helping myself or my family" },
  { value: "business", label: "Business", hint: "I represent a company or organization" },
] as const;

interface RoleSwitchFormProps {
  currentRole: Role;
  userType: UserType;
  returnTo: string;
  /** With JavaScript the dialog posts to the JSON API; otherwise the form posts to /switch-role. */
  onSubmitEnhanced?: (input: { newRole: Role; userType: UserType }) => Promise<void>;
  pending?: boolean;
  /** The server's verdict on the last no-JS submission, if it was rejected. */
  lastResult?: SubmissionResult<string[]>;
}

/** The role-switch question; a real form that works without JavaScript. */
export function RoleSwitchForm({ currentRole, userType, returnTo, onSubmitEnhanced, pending, lastResult }: RoleSwitchFormProps) {
  const navigation = useNavigation();
  const newRole: Role = currentRole === "seeker" ? "provider" : "seeker";
  const questionId = useId();
  const [form, fields] = useForm({
    id: onSubmitEnhanced ? "switch-role-dialog" : "switch-role",
    lastResult,
    defaultValue: { newRole, userType },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: switchRoleSchema }),
    shouldValidate: "onSubmit",
  });
  const submitting = pending || navigation.state === "submitting";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSubmitEnhanced) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = switchRoleSchema.safeParse({ newRole: data.get("newRole"), userType: data.get("userType") });
    if (parsed.success) void onSubmitEnhanced(parsed.data);
  };

  return (
    <form
      method="post"
      action="/switch-role"
      {...getFormProps(form)}
      onSubmit={onSubmitEnhanced ? submit : form.onSubmit}
      className="grid gap-5"
    >
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
        {fields.userType.errors ? (
          <p id={fields.userType.errorId} className="text-sm text-red-600">
            {fields.userType.errors.join(", ")}
          </p>
        ) : null}
      </fieldset>
      {form.errors ? <p className="text-sm text-red-600">{form.errors.join(", ")}</p> : null}
      <button
        type="submit"
        disabled={submitting}
        className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {submitting ? "Switching..." : "Continue"}
      </button>
    </form>
  );
}

interface RoleSwitchButtonProps {
  currentRole: Role;
  userType: UserType;
  returnTo: string;
  className?: string;
}

/**
 * 'Become a Provider' / 'Find Help' with the role badge. A link to the
 * /switch-role page without JavaScript; with it, the dialog opens in place.
 */
export function RoleSwitchButton({ currentRole, userType, returnTo, className = "" }: RoleSwitchButtonProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const revalidator = useRevalidator();

  const switchRole = async (input: { newRole: Role; userType: UserType }) => {
    setPending(true);
    try {
      await apiRequest("POST", "/api/users/switch-role", input);
      setOpen(false);
      showToast(roleSwitchSuccess(currentRole));
      await revalidator.revalidate();
    } catch (error) {
      reportMutationError(error, "Failed to switch role. Please try again.");
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <a
        href={`/switch-role?returnTo=${encodeURIComponent(returnTo)}`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className={`inline-flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 ${className}`}
        data-testid="role-switch"
      >
        <Repeat className="h-4 w-4" aria-hidden />
        {currentRole === "seeker" ? "Become a Provider" : "Find Help"}
        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
          {currentRole === "seeker" ? "Seeker" : "Provider"}
        </span>
      </a>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <div className="mb-2 flex items-start justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{roleSwitchTitle(currentRole)}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 text-slate-500 hover:text-slate-900">
              <X className="h-4 w-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Choose how you will use Nearhand in your new role.</Dialog.Description>
          <RoleSwitchForm
            currentRole={currentRole}
            userType={userType}
            returnTo={returnTo}
            onSubmitEnhanced={switchRole}
            pending={pending}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
