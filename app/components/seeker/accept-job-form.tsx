"use client";

import { Form, useNavigation } from "react-router";

/** 'Accept Job': a real form posting to the job page's action; pending state with JavaScript. */
export function AcceptJobForm({ jobId, icon }: { jobId: string; icon: React.ReactNode }) {
  const navigation = useNavigation();
  const action = `/jobs/${jobId}`;
  const pending = navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("intent") === "accept";
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="accept" />
      <button
        type="submit"
        disabled={pending}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-ring disabled:opacity-60 sm:w-auto"
      >
        {icon}
        {pending ? "Accepting..." : "Accept Job"}
      </button>
    </Form>
  );
}
