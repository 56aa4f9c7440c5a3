-- Regel 7 / 9A (issue 13.9): the facts a forfeit's cause and rule follow from. When and by
-- which team a match was called off ("kenbaar gemaakt", Regel 7: less than 48 hours before
-- the start is gross negligence), who made it known, and how many pairs came when too few.
ALTER TABLE "matches"
  ADD COLUMN "calledOffAt" TIMESTAMP(3),
  ADD COLUMN "calledOffByTeamId" UUID,
  ADD COLUMN "calledOffBy" TEXT,
  ADD COLUMN "forfeitPairsPresent" INTEGER;

ALTER TABLE "matches" ADD CONSTRAINT "matches_calledOffByTeamId_fkey"
  FOREIGN KEY ("calledOffByTeamId") REFERENCES "teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The team that called a match off, for its club's history.
CREATE INDEX "matches_calledOffByTeamId_idx" ON "matches"("calledOffByTeamId");

-- Regel 11 counts per club ("vereniging"), over all its teams in the season (issue 13.8):
-- number the appearances already recorded per club, in the order they were recorded.
UPDATE "incomplete_appearances" AS a
SET "occurrence" = r.n
FROM (
  SELECT ia."id", row_number() OVER (PARTITION BY ia."seasonId", t."clubId" ORDER BY ia."createdAt", ia."id") AS n
  FROM "incomplete_appearances" ia JOIN "teams" t ON t."id" = ia."teamId"
) AS r
WHERE r."id" = a."id" AND a."occurrence" <> r.n;
