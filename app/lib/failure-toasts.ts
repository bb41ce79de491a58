// The failure toast of each page action (spec §8): the action flashes it when a rule refuses the write, and the
// browser shows it when the request never got an answer from us (a gateway's error page, a dropped connection).
import { errorToast } from "./toast.ts";

type FailureToast = ReturnType<typeof errorToast>;

const failed = (description: string): FailureToast => errorToast(description);

/** A posted form whose intent no action knows (an old page, a hand-made post). */
export const UNKNOWN_FORM_TOAST = failed("Something went wrong. Please try again.");

export const FAILURE_TOASTS = {
  switchRole: failed("Failed to switch role. Please try again."),
  updateStatus: failed("Failed to update status. Please try again."),
  postJob: failed("Failed to post job. Please try again."),
  requestProvider: failed("Failed to send request. Please try again."),
  sendReport: failed("Failed to send report. Please try again."),
  updateBlock: failed("Failed to update the block. Please try again."),
  /** An operator's action in the console (issue 34). */
  operatorAction: failed("The action was not taken. Please try again."),
  acceptJob: failed("Failed to accept job. Please try again."),
  cancelJob: failed("Failed to cancel job. Please try again."),
  submitReview: failed("Failed to submit review. Please try again."),
  sendMessage: failed("Failed to send message. Please try again."),
  markRead: failed("Failed to mark notification as read."),
  updateFavorite: failed("Failed to update favorite"),
  updateProfile: failed("Failed to update profile. Please try again."),
  saveEmailAlerts: failed("Failed to save alerts. Please try again."),
  pushDevices: failed("Failed to change notifications for this device. Please try again."),
  calendarFeed: failed("Failed to change the calendar feed. Please try again."),
  uploadPhoto: failed("Failed to prepare image upload"),
  /** A write of a page no entry below names. */
  other: failed("Your change was not saved. Please try again."),
} as const satisfies Record<string, FailureToast>;

/** Which toast a form posted to `pathname` shows when it fails, by the form's `intent` where one path takes several. */
export function failureToastFor(pathname: string, intent: string | null): FailureToast {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/switch-role") return FAILURE_TOASTS.switchRole;
  if (path === "/availability") return FAILURE_TOASTS.updateStatus;
  if (path === "/post-job") return FAILURE_TOASTS.postJob;
  if (path === "/messages") return FAILURE_TOASTS.sendMessage;
  if (path === "/notifications") return FAILURE_TOASTS.markRead;
  if (path === "/favorites/toggle") return FAILURE_TOASTS.updateFavorite;
  if (path === "/profile") return FAILURE_TOASTS.updateProfile;
  if (path === "/profile/email-alerts") return FAILURE_TOASTS.saveEmailAlerts;
  if (path === "/profile/calendar-feed") return FAILURE_TOASTS.calendarFeed;
  if (path === "/profile/push") return FAILURE_TOASTS.pushDevices;
  if (path === "/profile/photo") return FAILURE_TOASTS.uploadPhoto;
  if (/^\/jobs\/[^/]+$/.test(path)) return intent === "cancel" ? FAILURE_TOASTS.cancelJob : FAILURE_TOASTS.acceptJob;
  if (/^\/providers\/[^/]+\/request$/.test(path)) return FAILURE_TOASTS.requestProvider;
  if (path === "/report") return FAILURE_TOASTS.sendReport;
  if (path === "/blocks") return FAILURE_TOASTS.updateBlock;
  if (path === "/admin" || path.startsWith("/admin/")) return FAILURE_TOASTS.operatorAction;
  if (/^\/bookings\/[^/]+$/.test(path)) {
    if (intent === "review") return FAILURE_TOASTS.submitReview;
    return intent === "repost" ? FAILURE_TOASTS.postJob : FAILURE_TOASTS.updateStatus;
  }
  return FAILURE_TOASTS.other;
}
