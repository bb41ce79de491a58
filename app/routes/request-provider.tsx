import { data, redirect } from "react-router";

import { NotFoundCard } from "~/components/not-found-card";
import { JobDetailsForm } from "~/components/post-job/job-details-form";
import { REQUEST_FORM_ID } from "~/components/post-job/wizard";
import { TitledSection } from "~/components/titled-section";
import { readJobForm } from "~/http/job-form.server";
import { runForPage } from "~/http/operation-answers.server";
import { redirectWithSubmission, redirectWithToast, requireUser, takeSubmission } from "~/http/request-session.server";
import { UploadRefused } from "~/infra/image-upload.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { parseForm } from "~/lib/forms";
import { requestFormSchema } from "~/lib/schemas/booking-request";
import { errorToast } from "~/lib/toast";
import { requestPage, requestProvider, requestSentToast } from "~/operations/requests.server";

import type { Route } from "./+types/request-provider";

const REQUEST_FAILED = FAILURE_TOASTS.requestProvider;

/** /providers/{id}/request[?category=repair]: the job form of the wizard's step 3, asked of one provider, with "When". */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const page = await requestPage(user, params.id, new URL(request.url).searchParams.get("category"));
  if (!page) return data({ page: null, lastResult: undefined }, { status: 404 });
  return { page, lastResult: takeSubmission(context, REQUEST_FORM_ID) };
}

/** Sends the request and opens its booking; a refused form comes back filled in, with why. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const here = new URL(request.url);
  let formData: FormData;
  let received: string | null;
  try {
    ({ formData, received } = await readJobForm(request, user.id));
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    return redirectWithToast(context, here.pathname + here.search, errorToast(error.message));
  }
  // The provider is the page's, whatever the form says.
  formData.set("providerId", params.id);
  const submission = parseForm(formData, requestFormSchema);
  if (submission.status !== "success") return redirectWithSubmission(context, request, REQUEST_FORM_ID, submission.reply());
  const { location, ...value } = submission.value;
  const page = await requestPage(user, params.id, value.categoryId);
  const sent = await runForPage(context, () => requestProvider(user, { ...value, address: location }, { storedImageUrl: received }), {
    success: (booking) => requestSentToast(booking, page?.provider.name ?? "The provider"),
    // A refusal says why (a window too soon, a category they don't offer); the form keeps what was typed.
    failure: (error) => errorToast(error.message),
    unexpected: REQUEST_FAILED,
  });
  if (sent.ok) return redirect(`/bookings/${sent.value.id}`);
  if (sent.error instanceof UploadRefused) formData.delete("imageUrl");
  return redirectWithSubmission(context, request, REQUEST_FORM_ID, parseForm(formData, requestFormSchema).reply({ formErrors: [sent.reason] }));
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { page, lastResult } = loaderData;
  if (!page) return <NotFoundCard title="Provider not found" text="This provider does not exist or offers no service." linkText="Go Home" />;
  const { provider } = page;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <title>{`Request ${provider.name} | Nearhand`}</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 md:text-3xl">Request {provider.name}</h1>
      <TitledSection titleId="step-title" title="Job Details" className="card p-5 sm:p-6" titleClassName="text-xl font-bold text-slate-900">
        <p className="mb-6 mt-1 text-sm text-slate-600">
          Only {provider.name} sees this job. They accept or decline it; if they don&apos;t answer in time, you can send it to every provider nearby.
        </p>
        <JobDetailsForm
          categoryId={page.categoryId}
          request={{
            providerId: provider.id,
            providerName: provider.name,
            categories: provider.categories,
            minDate: page.minDate,
            timeZone: page.timeZone,
          }}
          action={`/providers/${provider.id}/request`}
          backHref={`/providers/${provider.id}`}
          lastResult={lastResult}
        />
      </TitledSection>
    </main>
  );
}
