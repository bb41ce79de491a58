ALTER TABLE "notifications" ALTER COLUMN "type" SET DATA TYPE text;--> statement-breakpoint
-- A started or completed booking notified as 'booking_status', a type the spec does not have (decision 0042).
UPDATE "notifications" SET "type" = 'booking_accepted' WHERE "type" = 'booking_status';--> statement-breakpoint
DROP TYPE "public"."notification_type";--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('job_posted', 'booking_request', 'booking_accepted', 'booking_cancelled', 'message', 'review');--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "type" SET DATA TYPE "public"."notification_type" USING "type"::"public"."notification_type";