"use client";

import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import * as Dialog from "@radix-ui/react-dialog";
import type { FormEvent } from "react";
import { Form, Link } from "react-router";

import { RATING_REQUIRED_TOAST, REVIEW_FORM_ID } from "~/components/booking/constants";
import { FormErrors } from "~/components/forms/errors";
import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextareaField } from "~/components/forms/textarea-field";
import { Star } from "~/components/icons";
import { LinkDialog } from "~/components/link-dialog";
import { parseForm } from "~/lib/forms";
import { RATING_LABELS, REVIEW_COMMENT_MAX, reviewFormSchema } from "~/lib/schemas/review";
import { showToast } from "~/lib/toast";
import { usePendingSubmission } from "~/lib/use-pending-submission";

const RATINGS = [1, 2, 3, 4, 5] as const;

// The chosen label, shown by CSS alone (so it works before hydration and without JavaScript).
const CHOSEN_LABEL_CLASSES: Record<(typeof RATINGS)[number], string> = {
  1: "hidden group-has-[[value='1']:checked]/rating:inline",
  2: "hidden group-has-[[value='2']:checked]/rating:inline",
  3: "hidden group-has-[[value='3']:checked]/rating:inline",
  4: "hidden group-has-[[value='4']:checked]/rating:inline",
  5: "hidden group-has-[[value='5']:checked]/rating:inline",
};

interface ReviewFormProps {
  bookingId: string;
  /** Who is being reviewed (the other party). */
  revieweeName: string;
  /** The server's verdict on the last rejected submission. */
  lastResult?: SubmissionResult<string[]>;
  /** In the dialog, Cancel closes it; on the page (no JavaScript), it links back to the booking. */
  variant: "dialog" | "page";
}

/**
 * The review form: 1-5 stars as a radio group, an optional comment with a
 * counter, Submit. A real form posting intent=review to the booking page,
 * validated here (conform + the shared schema) and again by the action.
 */
export function ReviewForm({ bookingId, revieweeName, lastResult, variant }: ReviewFormProps) {
  const action = `/bookings/${bookingId}?dialog=review`;
  const [form, fields] = useForm({
    id: REVIEW_FORM_ID,
    lastResult,
    onValidate: ({ formData }) => parseForm(formData, reviewFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = usePendingSubmission(undefined, { intent: "review" });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Spec: at 0 stars a toast, and nothing is posted.
    if (!new FormData(event.currentTarget).get(fields.rating.name)) {
      event.preventDefault();
      showToast(RATING_REQUIRED_TOAST);
      return;
    }
    form.onSubmit(event);
  };

  const initialRating = typeof fields.rating.initialValue === "string" ? fields.rating.initialValue : "";
  const ratingErrorId = fields.rating.errorId;

  return (
    <Form method="post" action={action} {...getFormProps(form)} onSubmit={submit} className="grid gap-5" data-testid="review-form">
      <input type="hidden" name="intent" value="review" />
      <FormErrors id={form.errorId} errors={form.errors} />

      <fieldset
        className="group/rating grid gap-2"
        aria-describedby={fields.rating.errors ? ratingErrorId : undefined}
        aria-invalid={fields.rating.errors ? true : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-slate-900">How was your experience with {revieweeName}?</legend>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <div className="flex items-center">
            {RATINGS.map((value) => (
              <label
                key={value}
                title={RATING_LABELS[value]}
                // Filled when this star or a later one is checked: pure CSS, with or without JavaScript.
                className="cursor-pointer rounded-md p-1 text-slate-300 hover:text-amber-300 has-[:checked]:text-amber-400 has-[~_label_:checked]:text-amber-400 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600"
                data-testid={`star-${value}`}
              >
                <input type="radio" name={fields.rating.name} value={value} defaultChecked={initialRating === String(value)} className="sr-only" />
                <Star className="h-8 w-8 fill-current" aria-hidden />
                <span className="sr-only">{RATING_LABELS[value]}</span>
              </label>
            ))}
          </div>
          <p className="text-sm font-medium text-slate-700" aria-live="polite" data-testid="rating-label">
            <span className="group-has-[:checked]/rating:hidden text-slate-500">Select a rating</span>
            {RATINGS.map((value) => (
              <span key={value} className={CHOSEN_LABEL_CLASSES[value]}>
                {RATING_LABELS[value]}
              </span>
            ))}
          </p>
        </div>
        {fields.rating.errors ? (
          <p id={ratingErrorId} role="alert" className="text-sm text-red-600">
            {fields.rating.errors.join(", ")}
          </p>
        ) : null}
      </fieldset>

      <TextareaField
        field={fields.comment}
        label="Comment"
        optional
        maxLength={REVIEW_COMMENT_MAX}
        rows={4}
        placeholder="Share details of your experience"
        counterId="review-comment-count"
      />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {variant === "dialog" ? (
          <Dialog.Close className={SECONDARY_BUTTON_CLASS}>Cancel</Dialog.Close>
        ) : (
          <Link to={`/bookings/${bookingId}`} className={SECONDARY_BUTTON_CLASS}>
            Cancel
          </Link>
        )}
        <SubmitButton pending={submitting} pendingText="Submitting...">
          Submit Review
        </SubmitButton>
      </div>
    </Form>
  );
}

interface LeaveReviewButtonProps {
  bookingId: string;
  revieweeName: string;
}

/**
 * 'Leave Review'. Without JavaScript a link to `?dialog=review`, where the page
 * shows the form as a section; with it, the form opens in a dialog.
 */
export function LeaveReviewButton({ bookingId, revieweeName }: LeaveReviewButtonProps) {
  return (
    <LinkDialog
      href={`/bookings/${bookingId}?dialog=review#review`}
      icon={<Star className="h-5 w-5" aria-hidden />}
      label="Leave Review"
      tone="brand"
      triggerTestId="leave-review"
      title="Leave a Review"
      description={`Rate ${revieweeName} from 1 to 5 stars and add an optional comment.`}
      wide
      testId="review-dialog"
    >
      <div className="mt-4">
        <ReviewForm bookingId={bookingId} revieweeName={revieweeName} variant="dialog" />
      </div>
    </LinkDialog>
  );
}
