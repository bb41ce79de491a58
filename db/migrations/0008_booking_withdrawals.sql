CREATE TABLE "booking_withdrawals" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_withdrawals_provider_job_unique" UNIQUE("provider_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "booking_withdrawals" ADD CONSTRAINT "booking_withdrawals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_withdrawals" ADD CONSTRAINT "booking_withdrawals_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_withdrawals" ADD CONSTRAINT "booking_withdrawals_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_withdrawals_provider_withdrawn_idx" ON "booking_withdrawals" USING btree ("provider_id","withdrawn_at");