CREATE TABLE "marketplace_quarters" (
	"quarter" timestamp with time zone NOT NULL,
	"stripe" smallint NOT NULL,
	"jobs_posted" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"booked_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_quarters_quarter_stripe_pk" PRIMARY KEY("quarter","stripe")
);
--> statement-breakpoint
-- The overview's counts per quarter hour (decision 0092): each writing transaction adds its rows' counts to its
-- connection's stripe of the quarter hour (pg_backend_pid() % 8), an upsert whose row lock settles two at once. A row
-- changed or deleted takes its old counts back out (in the writer's stripe: a reader sums the stripes).
CREATE FUNCTION "marketplace_quarter_add"(at timestamptz, jobs int, acceptances int, value numeric, completions int)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO marketplace_quarters AS q (quarter, stripe, jobs_posted, accepted, booked_value, completed)
  VALUES (date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00'), pg_backend_pid() % 8, jobs, acceptances, value, completions)
  ON CONFLICT (quarter, stripe) DO UPDATE SET jobs_posted = q.jobs_posted + EXCLUDED.jobs_posted,
    accepted = q.accepted + EXCLUDED.accepted, booked_value = q.booked_value + EXCLUDED.booked_value,
    completed = q.completed + EXCLUDED.completed
$$;--> statement-breakpoint
CREATE FUNCTION "jobs_marketplace_quarters_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM marketplace_quarter_add(OLD.created_at, -1, 0, 0, 0); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM marketplace_quarter_add(NEW.created_at, 1, 0, 0, 0); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_marketplace_quarters" AFTER INSERT OR DELETE OR UPDATE OF created_at
  ON "jobs" FOR EACH ROW EXECUTE FUNCTION jobs_marketplace_quarters_trigger();--> statement-breakpoint
-- A booking counts as accepted (with its price) in the quarter hour of accepted_at, and as completed in that of
-- completed_at while its status is completed: an update moves only what changed.
CREATE FUNCTION "bookings_marketplace_quarters_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  accepted_moved boolean := true;
  completed_moved boolean := true;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    accepted_moved := (NEW.accepted_at, NEW.agreed_price) IS DISTINCT FROM (OLD.accepted_at, OLD.agreed_price);
    completed_moved := (NEW.status = 'completed', NEW.completed_at) IS DISTINCT FROM (OLD.status = 'completed', OLD.completed_at);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF accepted_moved AND OLD.accepted_at IS NOT NULL THEN
      PERFORM marketplace_quarter_add(OLD.accepted_at, 0, -1, -OLD.agreed_price, 0);
    END IF;
    IF completed_moved AND OLD.status = 'completed' AND OLD.completed_at IS NOT NULL THEN
      PERFORM marketplace_quarter_add(OLD.completed_at, 0, 0, 0, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF accepted_moved AND NEW.accepted_at IS NOT NULL THEN
      PERFORM marketplace_quarter_add(NEW.accepted_at, 0, 1, NEW.agreed_price, 0);
    END IF;
    IF completed_moved AND NEW.status = 'completed' AND NEW.completed_at IS NOT NULL THEN
      PERFORM marketplace_quarter_add(NEW.completed_at, 0, 0, 0, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_marketplace_quarters" AFTER INSERT OR DELETE OR UPDATE OF accepted_at, agreed_price, status, completed_at
  ON "bookings" FOR EACH ROW EXECUTE FUNCTION bookings_marketplace_quarters_trigger();--> statement-breakpoint
INSERT INTO "marketplace_quarters" ("quarter", "stripe", "jobs_posted", "accepted", "booked_value", "completed")
SELECT "quarter", 0, sum("posted"), sum("accepted"), sum("booked"), sum("completed") FROM (
  SELECT date_bin('15 minutes', "created_at", timestamptz '2000-01-01 00:00:00+00') AS "quarter", 1 AS "posted", 0 AS "accepted", 0 AS "booked", 0 AS "completed" FROM "jobs"
  UNION ALL
  SELECT date_bin('15 minutes', "accepted_at", timestamptz '2000-01-01 00:00:00+00'), 0, 1, "agreed_price", 0 FROM "bookings" WHERE "accepted_at" IS NOT NULL
  UNION ALL
  SELECT date_bin('15 minutes', "completed_at", timestamptz '2000-01-01 00:00:00+00'), 0, 0, 0, 1 FROM "bookings" WHERE "status" = 'completed' AND "completed_at" IS NOT NULL
) "counted" GROUP BY "quarter";--> statement-breakpoint
ANALYZE "marketplace_quarters";
