-- Issue 21 (RULES.md "Finality and authority at the match"): a match becomes final by rule.
-- Season settings: the correction window after a table-played match is complete, and the
-- time the away team has to confirm a signed paper form.
ALTER TABLE "season_settings" ADD COLUMN "correctionWindowMinutes" INTEGER NOT NULL DEFAULT 30;
ALTER TABLE "season_settings" ADD COLUMN "paperConfirmHours" INTEGER NOT NULL DEFAULT 48;

-- When the match becomes final by itself (end of the correction window, or the paper form's
-- 48 hours), and when it became final.
ALTER TABLE "matches" ADD COLUMN "finalDueAt" TIMESTAMP(3);
ALTER TABLE "matches" ADD COLUMN "finalAt" TIMESTAMP(3);

-- Results locked before this migration became final when the away team confirmed (or at the last change).
UPDATE "matches" SET "finalAt" = COALESCE("awaySignedAt", "homeSignedAt", "updatedAt") WHERE "resultState" = 'CONFIRMED';

-- The scheduled job looks for open matches whose moment has come.
CREATE INDEX "matches_finalDueAt_idx" ON "matches"("finalDueAt");

-- Regel 35B: a team leader's remark for the supervisor and the federation (never reopens anything).
CREATE TABLE "match_remarks" (
    "id" UUID NOT NULL,
    "matchId" UUID NOT NULL,
    "clubId" UUID,
    "authorId" UUID,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "match_remarks_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "match_remarks_matchId_createdAt_idx" ON "match_remarks"("matchId", "createdAt");
ALTER TABLE "match_remarks" ADD CONSTRAINT "match_remarks_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
