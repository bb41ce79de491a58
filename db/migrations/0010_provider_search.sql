-- Decision 0072: the provider directory's search. pg_trgm (trusted, ships with PostgreSQL and PGlite) matches
-- misspelt names; the search document is written by the triggers below, in the transaction of the write.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "position" "cube" GENERATED ALWAYS AS (case when latitude is null or longitude is null then null else cube(array[cos(radians(latitude)) * cos(radians(longitude)), cos(radians(latitude)) * sin(radians(longitude)), sin(radians(latitude))]) end) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
CREATE INDEX "users_provider_search_idx" ON "users" USING gin ("search_document") WHERE cardinality("users"."provider_categories") > 0;--> statement-breakpoint
CREATE INDEX "users_provider_name_trgm_idx" ON "users" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops) WHERE cardinality("users"."provider_categories") > 0;--> statement-breakpoint
CREATE INDEX "users_provider_position_idx" ON "users" USING gist ("position") WHERE cardinality("users"."provider_categories") > 0;--> statement-breakpoint
CREATE INDEX "users_provider_rating_idx" ON "users" USING btree ("average_rating","total_reviews","id") WHERE cardinality("users"."provider_categories") > 0;--> statement-breakpoint
CREATE INDEX "users_provider_rate_idx" ON "users" USING btree (coalesce("hourly_rate", 1000000000::numeric),"id") WHERE cardinality("users"."provider_categories") > 0;--> statement-breakpoint
CREATE FUNCTION "provider_search_document"(user_id uuid, first_name text, last_name text, categories text[], bio text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  select setweight(to_tsvector('english', coalesce(first_name, '') || ' ' || coalesce(last_name, '')), 'A')
    || setweight(to_tsvector('english', array_to_string(categories, ' ') || ' ' || coalesce(
         (select string_agg(c.name, ' ') from service_categories c where c.id = any(categories)), '')), 'B')
    || setweight(to_tsvector('english', coalesce(bio, '')), 'C')
    || setweight(to_tsvector('english', coalesce(
         (select string_agg(r.comment, ' ') from reviews r where r.reviewee_id = user_id and r.comment is not null), '')), 'D')
$$;--> statement-breakpoint
CREATE FUNCTION "users_search_document_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := provider_search_document(NEW.id, NEW.first_name, NEW.last_name, NEW.provider_categories, NEW.bio);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_search_document" BEFORE INSERT OR UPDATE OF first_name, last_name, provider_categories, bio, search_document
  ON "users" FOR EACH ROW EXECUTE FUNCTION users_search_document_trigger();--> statement-breakpoint
CREATE FUNCTION "reviews_search_document_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching search_document makes the users trigger write it again, with the reviews as they now are.
  IF TG_OP <> 'INSERT' THEN
    UPDATE users SET search_document = NULL WHERE id = OLD.reviewee_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE users SET search_document = NULL WHERE id = NEW.reviewee_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_search_document" AFTER INSERT OR DELETE OR UPDATE OF comment, reviewee_id
  ON "reviews" FOR EACH ROW EXECUTE FUNCTION reviews_search_document_trigger();--> statement-breakpoint
UPDATE "users" SET "search_document" = NULL;
