// The job process as data (spec §4, §6 and decisions 0011, 0039, 0062): the two moves a job makes by itself, once
// each, with who may make them, the statuses they lead to, the notice, the toast and, for accepting, the refusals
// in the order they are given. A job also follows its booking's moves: `jobStatus` of each row of
// `booking-process.ts`. Pure: the operations enforce it, the models write it, the pages read it (decision 0069).

import { CANCELLATION_WINDOW_HOURS, PROVIDER_CANCELLATIONS_PER_DAY } from "./booking-process.ts";
import { NEARBY_RADIUS_MILES } from "./geo.ts";
import type { BookingStatus, JobStatus } from "./statuses.ts";

export type JobParty = "seeker" | "provider";

/** A provider accepts a posted job: it is matched and its booking is created accepted (decision 0011). */
export const ACCEPT_JOB = {
  from: "posted",
  to: "matched",
  /** A provider who is not the job's seeker (refusals below). */
  by: "provider",
  action: "Accept Job",
  /** The booking it creates: at the job's budget (or 0), paymentStatus pending, scheduled now. */
  bookingStatus: "accepted",
  /** The seeker's notice. */
  notice: { type: "booking_accepted", title: "Job accepted", verb: "accepted" },
  toast: { title: "Job accepted!", description: "You can now start working on this job." },
} as const satisfies { from: JobStatus; to: JobStatus; by: JobParty; bookingStatus: BookingStatus; [key: string]: unknown };

/** The seeker withdraws a job nobody has accepted yet. No notice: nobody else is part of it. */
export const CANCEL_JOB = {
  from: "posted",
  to: "cancelled",
  /** Only the job's own seeker. */
  by: "seeker",
  action: "Cancel job",
  toast: { title: "Job cancelled", description: "Providers will no longer see this job." },
} as const satisfies { from: JobStatus; to: JobStatus; by: JobParty; [key: string]: unknown };

export const JOB_ALREADY_ACCEPTED = "This job was already accepted";
export const GO_ONLINE_TO_ACCEPT = "Go online to accept jobs";
export const JOB_OUT_OF_REACH = `This job is more than ${NEARBY_RADIUS_MILES} miles from your location`;
export const JOB_CANCELLED_BEFORE = "You cancelled this job after accepting it: it is left to other providers";
export const ANSWER_THE_REQUEST = "This job was requested of you: accept or decline the request instead";
export const OWN_JOB = "You cannot accept your own job";
export const ONLY_PROVIDERS_ACCEPT = "Only providers can accept jobs. Switch to offering services first.";
export const TOO_MANY_CANCELLATIONS = `You cancelled ${PROVIDER_CANCELLATIONS_PER_DAY} accepted bookings in the last ${CANCELLATION_WINDOW_HOURS} hours`;

/**
 * What the database says about one provider and one job, the conditions of accepting it (all measured in SQL by
 * the job model: the distance too, so the page and the write never disagree at the radius's edge).
 */
export interface AcceptanceFacts {
  status: JobStatus;
  /** The job is a request addressed to this provider: it is answered on its booking, not accepted as a job. */
  requestedOfMe: boolean;
  /** The provider is the job's seeker. */
  own: boolean;
  /** The provider cancelled this job after accepting it (decision 0062). */
  withdrawn: boolean;
  /** The provider is online, as a provider. */
  online: boolean;
  /** The job lies within NEARBY_RADIUS_MILES of the provider's center. */
  withinReach: boolean;
}

export interface AcceptRefusal {
  kind: "conflict" | "forbidden";
  message: string;
  /**
   * The provider's own situation (cancelled before, offline, too far): the job page says it in place of the
   * button. The others (taken, their own job) simply show no button.
   */
  shownOnPage: boolean;
}

/** Why a provider may not accept a job, first reason first (the one the provider can least change); null: they may. */
export function acceptRefusal(facts: AcceptanceFacts): AcceptRefusal | null {
  if (facts.requestedOfMe) return { kind: "conflict", message: ANSWER_THE_REQUEST, shownOnPage: false };
  if (facts.status !== ACCEPT_JOB.from) return { kind: "conflict", message: JOB_ALREADY_ACCEPTED, shownOnPage: false };
  if (facts.own) return { kind: "forbidden", message: OWN_JOB, shownOnPage: false };
  if (facts.withdrawn) return { kind: "conflict", message: JOB_CANCELLED_BEFORE, shownOnPage: true };
  if (!facts.online) return { kind: "forbidden", message: GO_ONLINE_TO_ACCEPT, shownOnPage: true };
  if (!facts.withinReach) return { kind: "forbidden", message: JOB_OUT_OF_REACH, shownOnPage: true };
  return null;
}

/** Whether the viewer may withdraw the job: its own seeker, while it is posted. */
export function mayCancelJob(viewerId: string, job: { seekerId: string; status: JobStatus }): boolean {
  return job.seekerId === viewerId && job.status === CANCEL_JOB.from;
}

/** Why a seeker's cancel was refused when the job is theirs but no longer posted. */
export function cancelJobConflict(status: JobStatus): string {
  return `Only a ${CANCEL_JOB.from} job can be cancelled; this one is ${status.replace("_", " ")}`;
}
