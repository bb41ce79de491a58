import { redirect } from "react-router";

import { CategoryStep } from "~/components/post-job/category-step";
import { JobDetailsForm } from "~/components/post-job/job-details-form";
import { ProvidersStep } from "~/components/post-job/providers-step";
import { WizardStepper } from "~/components/post-job/stepper";
import { findCategory, parseWizardUrl, POST_JOB_FORM_ID, wizardHref } from "~/components/post-job/wizard";
import { TitledSection } from "~/components/titled-section";
import { readJobForm } from "~/http/job-form.server";
import { runForPage } from "~/http/operation-answers.server";
import { redirectWithSubmission, redirectWithToast, requireUser, takeSubmission } from "~/http/request-session.server";
import { UploadRefused } from "~/infra/image-upload.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { parseForm } from "~/lib/forms";
import { postJobFormSchema } from "~/lib/schemas/job";
import { errorToast } from "~/lib/toast";
import { postJob } from "~/operations/jobs.server";
import { availableProvidersFor } from "~/operations/providers.server";

import type { Route } from "./+types/post-job";

const POST_FAILED = FAILURE_TOASTS.postJob;

/**
 * /post-job: the three-step wizard. The step lives in the URL —
 * /post-job (1), ?category=repair (2), ?category=repair&step=3 (3) — so every
 * move is a link and the browser's back button walks the steps.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { step, category } = parseWizardUrl(new URL(request.url));
  const lastResult = takeSubmission(context, POST_JOB_FORM_ID);
  return {
    step,
    categoryId: category?.id ?? null,
    lastResult: step === 3 ? lastResult : undefined,
    viewer: { id: user.id, currentRole: user.currentRole },
  };
}

/**
 * Posts the job. The form is multipart: without JavaScript it carries the
 * image file itself (streamed to storage with a hard 5 MB cap, checked by its
 * magic bytes); with JavaScript the image was uploaded by the browser and the
 * form carries its `imageUrl`, which is checked before it is saved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  let formData: FormData;
  let received: string | null;
  try {
    ({ formData, received } = await readJobForm(request, user.id));
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    // The rest of the form was not read: back to step 3 of the category in the URL, with the reason and nothing stored.
    const category = parseWizardUrl(new URL(request.url)).category;
    return redirectWithToast(context, wizardHref(3, category?.id), errorToast(error.message));
  }

  const submission = parseForm(formData, postJobFormSchema);
  // A rejected form goes back to step 3 of its category (or to step 1 if the category is unknown).
  const category = findCategory(String(formData.get("categoryId") ?? "")) ?? parseWizardUrl(new URL(request.url)).category;
  const back = new Request(new URL(wizardHref(3, category?.id), request.url));
  if (submission.status !== "success") return redirectWithSubmission(context, back, POST_JOB_FORM_ID, submission.reply());

  const { location, ...value } = submission.value;
  const posted = await runForPage(context, () => postJob(user, { ...value, address: location }, { storedImageUrl: received }), {
    success: { title: "Job posted successfully!", description: "Providers in your area will be notified." },
    // A refused image says why; anything else is the spec's words (§8).
    failure: (error) => (error instanceof UploadRefused ? errorToast(error.message) : POST_FAILED),
    unexpected: POST_FAILED,
  });
  if (posted.ok) return redirect("/");
  if (posted.error instanceof UploadRefused) {
    // The form comes back without the refused image.
    formData.delete("imageUrl");
    return redirectWithSubmission(context, back, POST_JOB_FORM_ID, parseForm(formData, postJobFormSchema).reply());
  }
  // The form comes back filled in, its image too.
  return redirectWithSubmission(context, back, POST_JOB_FORM_ID, submission.reply({ formErrors: [posted.toast.description!] }));
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { step, categoryId, lastResult, viewer } = loaderData;
  const category = findCategory(categoryId);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <title>{`Post a Job (Step ${step} of 3) | Nearhand`}</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 md:text-3xl">Post a Job</h1>
      <WizardStepper step={step} />
      {step === 1 || !category ? (
        <CategoryStep />
      ) : step === 2 ? (
        <ProvidersStep category={category} providers={availableProvidersFor(viewer, category.id)} />
      ) : (
        <TitledSection titleId="step-title" title="Job Details" className="card p-5 sm:p-6" titleClassName="text-xl font-bold text-slate-900">
          <p className="mb-6 mt-1 text-sm text-slate-600">{category.name}: tell providers what you need.</p>
          <JobDetailsForm
            categoryId={category.id}
            action={wizardHref(3, category.id)}
            backHref={wizardHref(2, category.id)}
            lastResult={lastResult}
          />
        </TitledSection>
      )}
    </main>
  );
}
