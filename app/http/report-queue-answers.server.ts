import "server-only";

import { z } from "zod";

import { answerSchemas } from "~/http/api-answers.server";
import { JOB_STATUSES, ROLES } from "~/lib/statuses";
import { JOB_HIDDEN_FOR, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from "~/lib/trust-safety";
import type { QueueItem } from "~/operations/moderation.server";

// The operators' API answers (issue 34): the reports queue and the results of its actions, for the OpenAPI document
// and its contract check. A Date is its ISO string on the wire. Each is named in the document's registry as the
// answers of api-answers.server.ts are (that module stays the one for the users' API).

function named<S extends z.ZodType>(id: string, description: string, schema: S): S {
  const described = schema.describe(description);
  answerSchemas.add(described as z.ZodType, { id });
  return described;
}

const person = z.object({ id: z.uuid(), firstName: z.string().nullable(), lastName: z.string().nullable() });

const queueItem = named(
  "ReportGroup",
  "One target's open reports with the content in context and its author's standing and history.",
  z.object({
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.uuid(),
    targetUserId: z.uuid().describe("The author of the content: the user reported, the job's seeker, the message's sender, the reviewer."),
    count: z.number().int(),
    lastReportedAt: z.date(),
    reports: z.array(z.object({ id: z.uuid(), reason: z.enum(REPORT_REASONS), note: z.string().nullable(), createdAt: z.date(), reporter: person })),
    job: z
      .object({
        id: z.uuid(),
        title: z.string(),
        description: z.string(),
        status: z.enum(JOB_STATUSES),
        hiddenAt: z.date().nullable(),
        hiddenFor: z.enum(JOB_HIDDEN_FOR).nullable(),
        createdAt: z.date(),
        seeker: person,
      })
      .nullable(),
    message: z
      .object({
        bookingId: z.uuid(),
        jobTitle: z.string(),
        lines: z.array(
          z.object({ id: z.uuid(), content: z.string(), createdAt: z.date(), hiddenAt: z.date().nullable(), sender: person, reported: z.boolean() }),
        ),
      })
      .nullable()
      .describe("The reported message with up to two messages before and after it in its booking's thread, hidden ones marked."),
    review: z
      .object({
        id: z.uuid(),
        rating: z.number().int(),
        comment: z.string().nullable(),
        createdAt: z.date(),
        hiddenAt: z.date().nullable(),
        excludedAt: z.date().nullable(),
        reviewer: person,
        reviewee: person,
      })
      .nullable(),
    author: z
      .object({
        id: z.uuid(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
        currentRole: z.enum(ROLES),
        bio: z.string().nullable(),
        createdAt: z.date(),
        averageRating: z.string(),
        totalReviews: z.number().int(),
        totalJobsCompleted: z.number().int(),
        isOperator: z.boolean(),
        suspendedAt: z.date().nullable(),
        suspendedUntil: z.date().nullable(),
        suspensionReason: z.string().nullable(),
      })
      .describe("The author's profile summary and standing."),
    pastReports: z.array(
      z.object({
        id: z.uuid(),
        targetType: z.enum(REPORT_TARGETS),
        targetId: z.uuid(),
        reason: z.enum(REPORT_REASONS),
        status: z.enum(REPORT_STATUSES),
        createdAt: z.date(),
      }),
    ),
    actions: z.array(
      z.object({ id: z.uuid(), action: z.string(), targetType: z.string(), reason: z.string(), createdAt: z.date(), operator: person.nullable() }),
    ),
  }),
);

export const reportQueueAnswer = z.array(queueItem) satisfies z.ZodType<QueueItem[]>;

export const dismissAnswer = named(
  "ReportsDismissed",
  "The target's open reports, dismissed.",
  z.object({ dismissed: z.number().int().describe("How many open reports were dismissed.") }),
);

export const hideAnswer = named(
  "ContentHidden",
  "The content, hidden from everyone but operators.",
  z.object({
    targetUserId: z.uuid().describe("The author of the hidden content."),
    actioned: z.number().int().describe("How many open reports on it were closed as actioned."),
  }),
);

/** Every operators-only endpoint's answer to anyone else. */
export const NOT_AN_OPERATOR = "Not found: the caller is not an operator (a visitor, a user or a suspended operator alike).";
