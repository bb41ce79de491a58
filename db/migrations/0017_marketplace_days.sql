CREATE TABLE "marketplace_days" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"jobs_posted" integer NOT NULL,
	"accepted" integer NOT NULL,
	"completed" integer NOT NULL,
	"booked_value" numeric(14, 2) NOT NULL,
	"median_minutes_to_accept" integer,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_days_time_zone_day_pk" PRIMARY KEY("time_zone","day")
);
--> statement-breakpoint
DROP INDEX "bookings_accepted_idx";--> statement-breakpoint
DROP INDEX "bookings_completed_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "job_posted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" SET "job_posted_at" = "jobs"."created_at" FROM "jobs" WHERE "jobs"."id" = "bookings"."job_id";--> statement-breakpoint
CREATE INDEX "bookings_accepted_completed_idx" ON "bookings" USING btree ("accepted_at") WHERE "bookings"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "bookings_accepted_idx" ON "bookings" USING btree ("accepted_at","agreed_price","job_posted_at") WHERE "bookings"."accepted_at" is not null;--> statement-breakpoint
CREATE INDEX "bookings_completed_idx" ON "bookings" USING btree ("completed_at","accepted_at","seeker_id","provider_id","id") WHERE "bookings"."status" = 'completed';