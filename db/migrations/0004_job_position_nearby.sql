-- Decision 0026: cube for positions on the unit sphere, btree_gist for category and urgency in the same GiST index.
-- Both are trusted extensions: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
DROP INDEX "jobs_status_location_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "position" "cube" GENERATED ALWAYS AS (cube(array[cos(radians(latitude)) * cos(radians(longitude)), cos(radians(latitude)) * sin(radians(longitude)), sin(radians(latitude))])) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_posted_nearby_idx" ON "jobs" USING gist ("category_id","is_urgent","position") WHERE "jobs"."status" = 'posted';