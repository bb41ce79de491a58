CREATE TABLE "sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_user_created_idx" ON "sign_ins" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_ins_created_idx" ON "sign_ins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_completed_idx" ON "bookings" USING btree ("completed_at") WHERE "bookings"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_online_now_idx" ON "users" USING btree ("current_role") WHERE "users"."is_provider_online" = true;--> statement-breakpoint
CREATE INDEX "users_lookup_trgm_idx" ON "users" USING gin ((lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) gin_trgm_ops);