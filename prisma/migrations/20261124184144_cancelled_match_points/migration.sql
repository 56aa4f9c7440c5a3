-- Regel 8 (revised): a cancelled match is decided by its averaged score unless the season
-- chooses NONE. Existing seasons get the default.
CREATE TYPE "CancelledMatchPoints" AS ENUM ('FROM_AVERAGES', 'NONE');

ALTER TABLE "season_settings" ADD COLUMN "cancelledMatchPoints" "CancelledMatchPoints" NOT NULL DEFAULT 'FROM_AVERAGES';
