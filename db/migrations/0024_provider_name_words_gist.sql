-- Decision 0098: the name words' trigram index becomes GiST, which answers both `word % $1` and the order by
-- `word <-> $1`, so a misspelt name's look-alikes are read from the index instead of a scan of the whole vocabulary
-- (GIN answers only the match, and on a vocabulary of a few hundred words the planner preferred the scan). The table
-- holds one row per distinct name word, so the build takes milliseconds under its lock.
DROP INDEX "provider_name_words_trgm_idx";--> statement-breakpoint
CREATE INDEX "provider_name_words_trgm_idx" ON "provider_name_words" USING gist ("word" gist_trgm_ops);
