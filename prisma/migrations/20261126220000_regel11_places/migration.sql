-- Regel 11 renumbering, a whole team late, both teams incomplete (issue 21 part B, RULES.md
-- "Fines" decision 2026-11-26). Written by hand; prisma/schema.prisma says the same.

-- Why a team counts for Regel 11 at a match: fewer pairs than the team needs (incomplete) or
-- the whole team late (te laat aanwezig), with the reason the recorder gave.
CREATE TYPE "AppearanceKind" AS ENUM ('INCOMPLETE', 'LATE');
ALTER TABLE "incomplete_appearances" ADD COLUMN "kind" "AppearanceKind" NOT NULL DEFAULT 'INCOMPLETE';
ALTER TABLE "incomplete_appearances" ADD COLUMN "reason" TEXT;

-- The 3rd/6th/… place a Regel 11 fine is for; null once the system withdrew the proposal.
ALTER TABLE "fines" ADD COLUMN "incompletePlace" INTEGER;
UPDATE "fines" SET "incompletePlace" = substring("reason" from 'voor de ([0-9]+)e keer')::integer WHERE "rule" = '11';
CREATE INDEX "fines_seasonId_clubId_rule_idx" ON "fines"("seasonId", "clubId", "rule");

-- Both teams incomplete (each a Regel 7 case): status FORFEIT without one forfeiting team.
ALTER TABLE "matches" ADD COLUMN "bothForfeited" BOOLEAN NOT NULL DEFAULT false;
