-- Decision 0026: cube for positions on the unit sphere, btree_gist for the category in the same GiST index.
-- Both are trusted extensions: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
DROP INDEX "jobs_status_location_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "position" "cube" GENERATED ALWAYS AS (cube(array[cos(radians(latitude)) * cos(radians(longitude)), cos(radians(latitude)) * sin(radians(longitude)), sin(radians(latitude))])) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_posted_urgent_nearby_idx" ON "jobs" USING gist ("category_id","position") WHERE "jobs"."status" = 'posted' and "jobs"."is_urgent";--> statement-breakpoint
CREATE INDEX "jobs_posted_regular_nearby_idx" ON "jobs" USING gist ("category_id","position") WHERE "jobs"."status" = 'posted' and not "jobs"."is_urgent";