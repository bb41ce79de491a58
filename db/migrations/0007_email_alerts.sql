CREATE TABLE "email_deliveries" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" varchar(100) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"urgent_jobs" boolean DEFAULT true NOT NULL,
	"job_digest" boolean DEFAULT false NOT NULL,
	"bookings" boolean DEFAULT true NOT NULL,
	"messages" boolean DEFAULT true NOT NULL,
	"reviews" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_deliveries_user_scope_sent_idx" ON "email_deliveries" USING btree ("user_id","scope","sent_at");