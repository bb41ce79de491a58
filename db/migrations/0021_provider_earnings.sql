CREATE TABLE "provider_earnings" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_earnings" ADD CONSTRAINT "provider_earnings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_provider_completed_idx" ON "bookings" USING btree ("provider_id","completed_at") WHERE "bookings"."status" = 'completed';--> statement-breakpoint
-- Each provider's total earnings (issue 36): a booking becoming completed adds its price in the completing transaction
-- (the upsert's row lock settles two at once); one leaving completed, deleted, or its price or provider changed, takes
-- its price out (the app does none of these to a completed booking).
CREATE FUNCTION "bookings_provider_earnings_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    UPDATE provider_earnings SET total = total - OLD.agreed_price WHERE provider_id = OLD.provider_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    INSERT INTO provider_earnings (provider_id, total) VALUES (NEW.provider_id, NEW.agreed_price)
    ON CONFLICT (provider_id) DO UPDATE SET total = provider_earnings.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_provider_earnings" AFTER INSERT OR DELETE OR UPDATE OF status, agreed_price, provider_id
  ON "bookings" FOR EACH ROW EXECUTE FUNCTION bookings_provider_earnings_trigger();--> statement-breakpoint
INSERT INTO "provider_earnings" ("provider_id", "total")
SELECT "provider_id", sum("agreed_price") FROM "bookings" WHERE "status" = 'completed' GROUP BY "provider_id";
