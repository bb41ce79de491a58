import { errorToast } from "~/lib/toast";

// Plain values shared by the booking page (server) and its client components.
// (Kept out of "use client" modules: the server would get client references.)

/** The conform form id of the review form (the page's loader hands rejected results back under it). */
export const REVIEW_FORM_ID = "booking-review";

export const PAYMENT_DIALOG_TITLE = "Payment";
export const PAYMENT_NOT_CONFIGURED = "Stripe payment is not configured. Contact support for payment options.";

export const PAYMENT_METHOD_LABELS = { card: "Card", paypal: "PayPal", cash: "Cash" } as const;

export const RATING_REQUIRED_TOAST = errorToast("Please select a star rating before submitting.", "Rating required");
