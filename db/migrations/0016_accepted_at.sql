DROP INDEX "bookings_created_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
-- Bookings accepted before the column: a taken job's booking was created accepted; a request accepted earlier keeps
-- its creation time (the nearest known: when it was asked), as the console counted it until now.
UPDATE "bookings" SET "accepted_at" = "created_at" WHERE "status" <> 'pending' AND "expires_at" IS NULL;--> statement-breakpoint
CREATE INDEX "bookings_accepted_idx" ON "bookings" USING btree ("accepted_at") WHERE "bookings"."accepted_at" is not null;