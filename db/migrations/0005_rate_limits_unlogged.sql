-- Rate-limit counters are ephemeral: no WAL, so counting a request never waits for a disk flush (decision 0032).
-- A crash or failover resets them, which only makes the limits briefly more lenient.
ALTER TABLE "rate_limits" SET UNLOGGED;
