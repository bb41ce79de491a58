CREATE TABLE "accepted_completions" (
	"accepted_in" timestamp with time zone PRIMARY KEY NOT NULL,
	"completed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "completed_pairs" (
	"seeker_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"latest_completed_at" timestamp with time zone[] NOT NULL,
	"repeated_since" timestamp with time zone GENERATED ALWAYS AS (latest_completed_at[3]) STORED,
	CONSTRAINT "completed_pairs_seeker_id_provider_id_pk" PRIMARY KEY("seeker_id","provider_id")
);
--> statement-breakpoint
DROP INDEX "users_online_now_idx";--> statement-breakpoint
CREATE INDEX "completed_pairs_repeated_idx" ON "completed_pairs" USING btree ("repeated_since") WHERE "completed_pairs"."repeated_since" is not null;--> statement-breakpoint
CREATE INDEX "bookings_quick_completed_idx" ON "bookings" USING btree ("completed_at","id") WHERE "bookings"."status" = 'completed' and "bookings"."completed_at" - "bookings"."accepted_at" < interval '10 minutes';--> statement-breakpoint
CREATE INDEX "bookings_pair_completed_idx" ON "bookings" USING btree ("seeker_id","provider_id","completed_at","id") WHERE "bookings"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "users_online_now_idx" ON "users" USING btree ("id") WHERE "users"."is_provider_online" and "users"."current_role" = 'provider' and "users"."suspended_at" is null;--> statement-breakpoint
-- The repeated-pairs signal's kept state (decision 0083): a pair's latest 3 (PAIR_MIN_COMPLETED) completion times,
-- newest first. A booking becoming completed adds its time in the completing transaction: the upsert takes the pair's
-- row lock, so two completions of one pair at once both land. A completed booking changed or deleted (the app does
-- neither) has its pair recounted from bookings once the pair's row is locked; a pair with none left loses its row.
CREATE FUNCTION "completed_pair_recount"(seeker uuid, provider uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  latest timestamptz[];
BEGIN
  PERFORM 1 FROM completed_pairs WHERE seeker_id = seeker AND provider_id = provider FOR UPDATE;
  SELECT array_agg(completed_at ORDER BY completed_at DESC) INTO latest FROM (
    SELECT completed_at FROM bookings
    WHERE seeker_id = seeker AND provider_id = provider AND status = 'completed' AND completed_at IS NOT NULL
    ORDER BY completed_at DESC LIMIT 3) recent;
  IF latest IS NULL THEN
    DELETE FROM completed_pairs WHERE seeker_id = seeker AND provider_id = provider;
  ELSE
    INSERT INTO completed_pairs (seeker_id, provider_id, latest_completed_at) VALUES (seeker, provider, latest)
    ON CONFLICT (seeker_id, provider_id) DO UPDATE SET latest_completed_at = EXCLUDED.latest_completed_at;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "bookings_completed_pairs_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    PERFORM completed_pair_recount(OLD.seeker_id, OLD.provider_id);
    IF TG_OP = 'UPDATE' AND (NEW.seeker_id, NEW.provider_id) IS DISTINCT FROM (OLD.seeker_id, OLD.provider_id) THEN
      PERFORM completed_pair_recount(NEW.seeker_id, NEW.provider_id);
    END IF;
  ELSIF TG_OP <> 'DELETE' AND NEW.status = 'completed' AND NEW.completed_at IS NOT NULL THEN
    INSERT INTO completed_pairs (seeker_id, provider_id, latest_completed_at)
    VALUES (NEW.seeker_id, NEW.provider_id, ARRAY[NEW.completed_at])
    ON CONFLICT (seeker_id, provider_id) DO UPDATE SET latest_completed_at = (
      SELECT array_agg(completed ORDER BY completed DESC) FROM (
        SELECT completed FROM unnest(completed_pairs.latest_completed_at || EXCLUDED.latest_completed_at) completed ORDER BY completed DESC LIMIT 3
      ) recent);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_completed_pairs" AFTER INSERT OR DELETE OR UPDATE OF status, completed_at, seeker_id, provider_id
  ON "bookings" FOR EACH ROW EXECUTE FUNCTION bookings_completed_pairs_trigger();--> statement-breakpoint
INSERT INTO "completed_pairs" ("seeker_id", "provider_id", "latest_completed_at")
SELECT "seeker_id", "provider_id", (array_agg("completed_at" ORDER BY "completed_at" DESC))[1:3] FROM "bookings"
WHERE "status" = 'completed' AND "completed_at" IS NOT NULL GROUP BY "seeker_id", "provider_id";
--> statement-breakpoint
-- The overview's completion rate (decision 0083): completed bookings per quarter hour (UTC) of their acceptance. A
-- booking becoming completed adds one to its quarter in the completing transaction (the upsert's row lock settles two
-- at once); one leaving completed, or deleted, or its acceptance time changed, moves its one out (the app does none).
CREATE FUNCTION "bookings_accepted_completions_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' AND OLD.accepted_at IS NOT NULL THEN
    UPDATE accepted_completions SET completed = completed - 1
    WHERE accepted_in = date_bin('15 minutes', OLD.accepted_at, timestamptz '2000-01-01 00:00:00+00');
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' AND NEW.accepted_at IS NOT NULL THEN
    INSERT INTO accepted_completions (accepted_in, completed)
    VALUES (date_bin('15 minutes', NEW.accepted_at, timestamptz '2000-01-01 00:00:00+00'), 1)
    ON CONFLICT (accepted_in) DO UPDATE SET completed = accepted_completions.completed + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_accepted_completions" AFTER INSERT OR DELETE OR UPDATE OF status, accepted_at
  ON "bookings" FOR EACH ROW EXECUTE FUNCTION bookings_accepted_completions_trigger();--> statement-breakpoint
INSERT INTO "accepted_completions" ("accepted_in", "completed")
SELECT date_bin('15 minutes', "accepted_at", timestamptz '2000-01-01 00:00:00+00'), count(*) FROM "bookings"
WHERE "status" = 'completed' AND "accepted_at" IS NOT NULL GROUP BY 1;
--> statement-breakpoint
-- Statistics now: until autovacuum's, the planner would scan every kept pair rather than the few repeated ones.
ANALYZE "completed_pairs";--> statement-breakpoint
ANALYZE "accepted_completions";
