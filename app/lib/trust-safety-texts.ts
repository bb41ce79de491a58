// What users read about reports and blocks (issue 34): the refusals the operations throw, the toasts and the thread's
// notice say the same words.

/** Said to both sides of a block alike: neither learns from it who blocked whom. */
export const BLOCKED_NO_MESSAGES = "You can't message this person";

/** Why one operator cannot suspend another: who operates is decided by ADMIN_EMAILS, not by a peer. */
export const OPERATOR_NOT_SUSPENDED = "An operator cannot be suspended: take their address out of ADMIN_EMAILS first";

/** Why a request ended when one of its parties blocked the other: the same words whoever blocked. */
export const REQUEST_ENDED_BY_BLOCK = "This request can no longer go ahead";

export const CANNOT_BLOCK_YOURSELF = "You can't block yourself";
export const CANNOT_REPORT_OWN = "You can't report yourself or your own content";
export const ALREADY_REPORTED = "You have already reported this. Our team will review it.";

/** The confirmation of a report sent. */
export const REPORT_SENT = { title: "Report sent", description: "Thanks. Our team will review it." };
export const USER_BLOCKED = { title: "User blocked", description: "You won't see each other's jobs or messages. Unblock them from your profile." };
export const USER_UNBLOCKED = { title: "User unblocked" };
