-- Push kinds are chosen per device (issue 35): each device starts from its user's account-wide choices, then the table goes.
ALTER TABLE "push_subscriptions" ADD COLUMN "urgent_jobs" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "bookings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "messages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "reviews" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "push_subscriptions" AS s SET "urgent_jobs" = p."urgent_jobs", "bookings" = p."bookings", "messages" = p."messages", "reviews" = p."reviews" FROM "push_preferences" AS p WHERE p."user_id" = s."user_id";--> statement-breakpoint
DROP TABLE "push_preferences" CASCADE;
