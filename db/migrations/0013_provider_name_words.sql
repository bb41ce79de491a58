-- Decision 0072: a misspelt name is found by its words. One row per distinct word of a provider's name, kept by a
-- trigger in the writing transaction (a word no provider has any more stays, harmless: it finds nobody); its
-- trigram index answers "which name words are spelt like this one" at the cost of the names' vocabulary, and the
-- spellings found are searched in the search document's index like any word. The trigram index on full names,
-- whose reading grew with the number of providers, goes.
CREATE TABLE "provider_name_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_provider_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "provider_name_words_trgm_idx" ON "provider_name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "name_words"(first_name text, last_name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), '[^[:alnum:]]+') AS w
  WHERE length(w) > 1
$$;--> statement-breakpoint
CREATE FUNCTION "users_name_words_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(NEW.provider_categories) > 0 THEN
    INSERT INTO provider_name_words (word) SELECT name_words(NEW.first_name, NEW.last_name) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_name_words" AFTER INSERT OR UPDATE OF first_name, last_name, provider_categories ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_name_words_trigger"();--> statement-breakpoint
INSERT INTO provider_name_words (word)
  SELECT name_words(first_name, last_name) FROM users WHERE cardinality(provider_categories) > 0 ON CONFLICT DO NOTHING;
