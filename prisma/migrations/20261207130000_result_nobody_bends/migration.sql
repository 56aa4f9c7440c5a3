-- Issue 46: how a match became final, the table entries a credit covers (given back by an undo),
-- what a not-played record replaced (given back on reopening), and who recorded a late pair.
ALTER TABLE "matches" ADD COLUMN "finalBy" TEXT;
ALTER TABLE "matches" ADD COLUMN "displacedSeats" JSONB;
ALTER TABLE "matches" ADD COLUMN "beforeNotPlayed" JSONB;
ALTER TABLE "lineup_players" ADD COLUMN "lateRecordedByRole" "Role";
