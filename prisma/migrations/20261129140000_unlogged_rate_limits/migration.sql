-- The rate limits' counters (logins, resets, table codes) are no record of anything a user
-- entered: they need not survive a crash of PostgreSQL, and without WAL their every count (one
-- per table request on a match night) commits without waiting for the disk. After a crash
-- PostgreSQL empties the table: every count starts anew, as after a quiet day.
ALTER TABLE "rate_limit_records" SET UNLOGGED;

-- The open live streams, likewise: after a crash every stream is closed anyway, and their
-- heartbeats (every open stream's row, refreshed all evening) need not wait for the disk.
ALTER TABLE "live_streams" SET UNLOGGED;
