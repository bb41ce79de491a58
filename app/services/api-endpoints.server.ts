import "server-only";
import { z } from "zod";
import { availabilityInput } from "../operations/availability.server";
import { acceptJobInput, moveInput, reviewInput } from "../operations/bookings.server";
import { favoriteInput } from "../operations/favorites.server";
import { jobInput } from "../operations/jobs.server";
import { messageInput, threadQuery } from "../operations/messages.server";
import { availableProvidersInput } from "../operations/providers.server";
import { switchRoleInput } from "../operations/roles.server";
import { uploadUrlQuery } from "../operations/uploads.server";
import {
  bookingAnswer,
  bookingDetailAnswer,
  bookingWithJobAnswer,
  categoryAnswer,
  conversationAnswer,
  favoriteAnswer,
  favoriteRemovedAnswer,
  jobAnswer,
  jobWithSeekerAnswer,
  messageAnswer,
  nearbyJobAnswer,
  notificationAnswer,
  notificationsReadAnswer,
  openApiDocumentAnswer,
  providerDetailsAnswer,
  publicProviderAnswer,
  receivedReviewAnswer,
  reviewAnswer,
  uploadUrlAnswer,
  userAnswer,
} from "./api-answers.server";

// Every /api endpoint of app/routes.ts, as its route parses and answers: the OpenAPI document is made from this
// table (openapi.server.ts), and tests/integration/openapi.test.ts fails when a route or method is missing here.
// The inputs are the schemas the routes parse with; the answers are the schemas of api-answers.server.ts.

export type ApiMethod = "get" | "post" | "patch" | "delete";

/** An answer that is not a §8 error. */
export type SuccessAnswer =
  | { status: 200 | 201; description: string; json: z.ZodType }
  | { status: 200; description: string; html: true }
  | { status: 302; description: string };

/** The statuses a rule of an endpoint refuses with (§8 errors); the generic ones are added by the document. */
export type RefusalStatus = 400 | 403 | 404 | 409 | 429 | 503;

export interface ApiEndpoint {
  method: ApiMethod;
  /** As OpenAPI writes it: /api/jobs/{id}. */
  path: `/api/${string}`;
  summary: string;
  description?: string;
  /** Signed-in users only (the session cookie): 401 for anyone else. */
  signedIn: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The JSON body, read with parseJson: 415 unless JSON, 413 over 64 KiB, 400 when it does not parse. */
  body?: z.ZodType;
  answers: SuccessAnswer[];
  /** When the endpoint's own rules refuse, by status. */
  refusals?: Partial<Record<RefusalStatus, string>>;
}

/** An id in the path: a value that is no id of the caller's is 404, like an unknown one. */
const idParam = (what: string) => z.object({ id: z.uuid().describe(`The ${what}'s id`) });
const bookingIdParam = z.object({ bookingId: z.uuid().describe("The booking's id") });

const json = (schema: z.ZodType, description: string, status: 200 | 201 = 200): SuccessAnswer => ({ status, description, json: schema });
const redirect = (description: string): SuccessAnswer => ({ status: 302, description });

const SIGN_IN_LIMIT = "Too many sign-in attempts from this address (or for this account): try again after Retry-After seconds.";
const SIGN_IN_NOT_NAVIGATION =
  "Not a page navigation: Sec-Fetch-Mode or Sec-Fetch-Dest says another page loads it (an image, a frame, a fetch). Not counted as an attempt.";
const PROVIDERS_FOR_CATEGORY = "Online providers offering the category, best rated first.";
const THREAD = "The thread, oldest first (its newest 1,000 messages). Reading it marks the caller's received messages read, unless another site sent the browser.";
const THREAD_NOT_FOUND = "Booking not found: no booking of the caller's has this id.";
const INVALID_CATEGORY = "categoryId is not one of the six categories.";

export const API_ENDPOINTS: readonly ApiEndpoint[] = [
  {
    method: "get",
    path: "/api/login",
    summary: "Start signing in (a browser navigation)",
    description: "Starts the OpenID Connect sign-in, remembering `returnTo`. Signed in already: straight to `returnTo`.",
    signedIn: false,
    query: z.object({ returnTo: z.string().optional().describe("A path of the app to return to after sign-in; anything else means /") }),
    answers: [redirect("To the identity provider; to `returnTo` when signed in already; outside production, to the same URL at APP_URL's loopback name.")],
    refusals: { 403: SIGN_IN_NOT_NAVIGATION, 429: SIGN_IN_LIMIT },
  },
  {
    method: "get",
    path: "/api/callback",
    summary: "Finish signing in (the identity provider's redirect)",
    signedIn: false,
    query: z.object({
      code: z.string().optional().describe("The authorization code"),
      state: z.string().optional().describe("The state sent by /api/login"),
    }),
    answers: [
      redirect(
        "Signed in: to the remembered `returnTo`. Refused (an unverified email, or an email bound to another subject of the provider): to /sign-in/refused, which says why. Sign-in failed otherwise: to / with a 'Sign-in failed' toast.",
      ),
    ],
    refusals: { 403: SIGN_IN_NOT_NAVIGATION, 429: SIGN_IN_LIMIT },
  },
  {
    method: "get",
    path: "/api/logout",
    summary: "Sign out (a browser navigation)",
    description: "Only a navigation from the app's own pages (`Sec-Fetch-Site: same-origin`) signs out; any other gets a page asking to confirm with a POST, so another site cannot sign a user out.",
    signedIn: false,
    answers: [
      redirect("Signed out (or signed out already): to /."),
      { status: 200, description: "A page asking to confirm signing out, for a navigation from elsewhere.", html: true },
    ],
  },
  {
    method: "post",
    path: "/api/logout",
    summary: "Sign out (the confirmation page's form)",
    signedIn: false,
    answers: [redirect("Signed out: to /.")],
  },
  {
    method: "get",
    path: "/api/auth/user",
    summary: "The signed-in user",
    signedIn: true,
    answers: [json(userAnswer, "The user's own record.")],
  },
  {
    method: "post",
    path: "/api/users/switch-role",
    summary: "Switch between seeking help and offering services",
    description: "Sets the role together with the user type; leaving the provider role goes offline.",
    signedIn: true,
    body: switchRoleInput,
    answers: [json(userAnswer, "The updated user.")],
  },
  {
    method: "post",
    path: "/api/users/toggle-online",
    summary: "Go online or offline as a provider",
    signedIn: true,
    body: availabilityInput,
    answers: [json(userAnswer, "The updated user.")],
    refusals: { 403: "Only providers can go online." },
  },
  {
    method: "get",
    path: "/api/users/{id}",
    summary: "A user's public provider fields",
    signedIn: true,
    params: idParam("user"),
    answers: [json(providerDetailsAnswer, "The provider's public fields and their recent cancellations after accepting.")],
    refusals: { 404: "User not found." },
  },
  {
    method: "get",
    path: "/api/categories",
    summary: "The service categories",
    signedIn: true,
    answers: [json(z.array(categoryAnswer), "The six categories, in their order.")],
  },
  {
    method: "get",
    path: "/api/providers/available",
    summary: "Online providers of a category",
    signedIn: true,
    query: availableProvidersInput,
    answers: [json(z.array(publicProviderAnswer), PROVIDERS_FOR_CATEGORY)],
    refusals: { 400: INVALID_CATEGORY },
  },
  {
    method: "get",
    path: "/api/providers/available/{categoryId}",
    summary: "Online providers of a category (the spec client's default read)",
    signedIn: true,
    params: availableProvidersInput,
    answers: [json(z.array(publicProviderAnswer), PROVIDERS_FOR_CATEGORY)],
    refusals: { 400: INVALID_CATEGORY },
  },
  {
    method: "get",
    path: "/api/jobs/my-jobs",
    summary: "The caller's posted jobs",
    signedIn: true,
    answers: [json(z.array(jobWithSeekerAnswer), "The caller's jobs, newest first (at most 200).")],
  },
  {
    method: "get",
    path: "/api/jobs/available",
    summary: "Posted jobs near an online provider",
    signedIn: true,
    answers: [json(z.array(nearbyJobAnswer), "Nearby posted jobs for an online provider (the provider's categories first, then urgent, nearest, newest); an empty list for anyone else.")],
  },
  {
    method: "get",
    path: "/api/jobs/{id}",
    summary: "A job with its seeker",
    signedIn: true,
    params: idParam("job"),
    answers: [json(jobWithSeekerAnswer, "The job as the caller may see it (decision 0039).")],
    refusals: { 404: "Job not found: no such job, or one no longer posted that the caller has no part in." },
  },
  {
    method: "post",
    path: "/api/jobs",
    summary: "Post a job",
    description: "Location: typed text that resolves, else the coordinates, else 'New York, NY'. An `imageUrl` must be the caller's own upload, an image of at most 5 MiB.",
    signedIn: true,
    body: jobInput,
    answers: [json(jobAnswer, "The posted job; online providers nearby are notified.", 201)],
    refusals: { 400: "The image is not the caller's upload, is larger than 5 MiB or is not an image.", 429: "Too many jobs posted: try again after Retry-After seconds." },
  },
  {
    method: "get",
    path: "/api/object-storage/upload-url",
    summary: "A presigned URL to upload an image to",
    description: "Without a query: the spec's plain upload to a staging key, checked when a save names it. With `contentType` and `size` (both): a PUT that must carry that type and length, and the image's URL.",
    signedIn: true,
    query: uploadUrlQuery.partial(),
    answers: [json(uploadUrlAnswer, "Where to PUT the bytes (valid for 5 minutes).")],
    refusals: {
      400: "contentType or size is missing or invalid (the reason names it).",
      429: "Too many uploads: try again after Retry-After seconds.",
      503: "Failed to prepare image upload: the storage could not be reached.",
    },
  },
  {
    method: "get",
    path: "/api/bookings/my-bookings",
    summary: "The caller's bookings",
    signedIn: true,
    answers: [json(z.array(bookingWithJobAnswer), "The caller's bookings as seeker or provider, newest first, each with its job (at most 200).")],
  },
  {
    method: "post",
    path: "/api/bookings",
    summary: "Accept a job (a provider)",
    description: "The booking is created accepted, at the job's budget (or 0), card, pending. `agreedPrice` and `scheduledAt` are accepted as the spec's client sends them and ignored: prices are the server's.",
    signedIn: true,
    body: acceptJobInput,
    answers: [json(bookingAnswer, "The booking; the seeker is notified.", 201)],
    refusals: {
      400: "seekerId is not the job's seeker.",
      403: "The caller is not a provider, is offline, the job is their own, or it is farther than the nearby radius.",
      404: "Job not found.",
      409: "This job was already accepted, or the caller cancelled it after accepting it before (decision 0062).",
      429: "The caller's booking moves are over their limit, or they cancelled 3 accepted bookings in the last 24 hours (decision 0062).",
    },
  },
  {
    method: "get",
    path: "/api/bookings/{id}",
    summary: "A booking with its job and both parties",
    signedIn: true,
    params: idParam("booking"),
    answers: [json(bookingDetailAnswer, "The booking, for one of its parties.")],
    refusals: { 404: "Booking not found: no such booking, or the caller is no party of it." },
  },
  {
    method: "patch",
    path: "/api/bookings/{id}/status",
    summary: "Move a booking along its lifecycle",
    description: "The provider starts an accepted booking and completes one in progress; either party cancels one pending or accepted (decision 0014).",
    signedIn: true,
    params: idParam("booking"),
    body: moveInput,
    answers: [json(bookingAnswer, "The moved booking; the other party is notified.")],
    refusals: {
      403: "Only the other party can make this move.",
      404: "Booking not found: no such booking, or the caller is no party of it.",
      409: "The booking's status does not allow this move (the reason names it).",
      429: "The caller's booking moves are over their limit, or a provider cancelled 3 accepted bookings in the last 24 hours (decision 0062).",
    },
  },
  {
    method: "post",
    path: "/api/reviews",
    summary: "Review the other party of a completed booking",
    signedIn: true,
    body: reviewInput,
    answers: [json(reviewAnswer, "The review; the reviewee's rating follows and they are notified.", 201)],
    refusals: {
      400: "revieweeId is not the other party of the booking.",
      404: "Booking not found: no such booking, or the caller is no party of it.",
      409: "The booking is not completed, or the caller reviewed it already.",
    },
  },
  {
    method: "get",
    path: "/api/reviews/received",
    summary: "Reviews of the caller",
    signedIn: true,
    answers: [json(z.array(receivedReviewAnswer), "The reviews the caller received, newest first (at most 100).")],
  },
  {
    method: "get",
    path: "/api/notifications",
    summary: "The caller's notifications",
    signedIn: true,
    answers: [json(z.array(notificationAnswer), "Newest first (at most 100).")],
  },
  ...(["patch", "post"] as const).map(
    (method): ApiEndpoint => ({
      method,
      path: "/api/notifications/read-all",
      summary: "Mark every notification read",
      signedIn: true,
      answers: [json(notificationsReadAnswer, "How many were unread.")],
    }),
  ),
  {
    method: "patch",
    path: "/api/notifications/{id}/read",
    summary: "Mark a notification read",
    description: "The body, if any, is ignored.",
    signedIn: true,
    params: idParam("notification"),
    answers: [json(notificationAnswer, "The notification, read.")],
    refusals: { 404: "Notification not found: no notification of the caller's has this id." },
  },
  {
    method: "get",
    path: "/api/messages",
    summary: "A booking's thread (the booking in the query)",
    signedIn: true,
    query: threadQuery,
    answers: [json(z.array(messageAnswer), THREAD)],
    refusals: { 400: "bookingId is missing or not an id.", 404: THREAD_NOT_FOUND },
  },
  {
    method: "post",
    path: "/api/messages",
    summary: "Send a message to the other party of a booking",
    signedIn: true,
    body: messageInput,
    answers: [json(messageAnswer, "The message; the receiver is notified.", 201)],
    refusals: {
      400: "receiverId is not the other party of the booking.",
      404: THREAD_NOT_FOUND,
      409: "This booking was cancelled: messages are closed.",
      429: "Too many messages: try again after Retry-After seconds.",
    },
  },
  {
    method: "get",
    path: "/api/messages/conversations",
    summary: "The caller's conversations",
    signedIn: true,
    answers: [json(z.array(conversationAnswer), "Newest activity first (at most 100).")],
  },
  {
    method: "get",
    path: "/api/messages/{bookingId}",
    summary: "A booking's thread (the spec client's default read)",
    signedIn: true,
    params: bookingIdParam,
    answers: [json(z.array(messageAnswer), THREAD)],
    refusals: { 404: THREAD_NOT_FOUND },
  },
  {
    method: "get",
    path: "/api/favorites",
    summary: "The caller's favorites",
    signedIn: true,
    answers: [json(z.array(favoriteAnswer), "Newest first, whichever role they were saved with.")],
  },
  {
    method: "post",
    path: "/api/favorites",
    summary: "Save a provider or job",
    description: "Saving one that is saved already answers the same favorite.",
    signedIn: true,
    body: favoriteInput,
    answers: [json(favoriteAnswer, "The favorite.", 201)],
    refusals: { 404: "Provider not found, or Job not found." },
  },
  {
    method: "delete",
    path: "/api/favorites",
    summary: "Remove a saved provider or job",
    description: "Removing one that is not there is no error.",
    signedIn: true,
    body: favoriteInput,
    answers: [json(favoriteRemovedAnswer, "Whether it was there.")],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This document",
    signedIn: false,
    answers: [json(openApiDocumentAnswer, "The OpenAPI 3.1 document of the JSON API.")],
  },
];
