-- Indexes for queries the code makes, written by hand (the schema engine's diff crashes on
-- this schema); prisma/schema.prisma says the same with @@index. Nothing is dropped.

-- The reminder scan: notifications not yet mailed nor included in a weekly summary, oldest first.
CREATE INDEX "notifications_mailedAt_digestedAt_createdAt_idx" ON "notifications"("mailedAt", "digestedAt", "createdAt");

-- The mail sweep: mails still PENDING (or FAILED to retry), oldest first.
CREATE INDEX "outgoing_mails_status_createdAt_idx" ON "outgoing_mails"("status", "createdAt");

-- The supervisor's console: the matches of one date.
CREATE INDEX "matches_date_idx" ON "matches"("date");
