-- Issue 14.3/14.6: the away team may dispute a result the home team signed (with a
-- comment; the result goes back to the home team), and the latest correction by a
-- supervisor or administrator is shown on the public match page (reason and date, no names).
ALTER TABLE "matches"
  ADD COLUMN "disputedAt" TIMESTAMP(3),
  ADD COLUMN "disputedById" UUID,
  ADD COLUMN "disputeComment" TEXT,
  ADD COLUMN "correctedAt" TIMESTAMP(3),
  ADD COLUMN "correctedByRole" "Role",
  ADD COLUMN "correctionReason" TEXT;
