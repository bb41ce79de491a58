-- Issue 34: a review an operator hid leaves the provider's search document too (decision 0072's triggers), so its
-- words no longer find the provider. The document is written again when a review's hidden_at changes.
CREATE OR REPLACE FUNCTION "provider_search_document"(user_id uuid, first_name text, last_name text, categories text[], bio text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  select setweight(to_tsvector('english', coalesce(first_name, '') || ' ' || coalesce(last_name, '')), 'A')
    || setweight(to_tsvector('english', array_to_string(categories, ' ') || ' ' || coalesce(
         (select string_agg(c.name, ' ') from service_categories c where c.id = any(categories)), '')), 'B')
    || setweight(to_tsvector('english', coalesce(bio, '')), 'C')
    || setweight(to_tsvector('english', coalesce(
         (select string_agg(r.comment, ' ') from reviews r where r.reviewee_id = user_id and r.comment is not null and r.hidden_at is null), '')), 'D')
$$;--> statement-breakpoint
DROP TRIGGER "reviews_search_document" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "reviews_search_document" AFTER INSERT OR DELETE OR UPDATE OF comment, reviewee_id, hidden_at
  ON "reviews" FOR EACH ROW EXECUTE FUNCTION reviews_search_document_trigger();--> statement-breakpoint
UPDATE "users" SET "search_document" = NULL WHERE "id" IN (SELECT "reviewee_id" FROM "reviews" WHERE "hidden_at" IS NOT NULL);
