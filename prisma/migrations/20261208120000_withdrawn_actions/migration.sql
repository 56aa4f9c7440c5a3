-- Issue 46: a withdrawn removal (Regel 38) or void (Regel 22) is told at the tables it touched
-- ("uw ingevoerde stand geldt weer"); the action's row goes, this keeps what the tables are told.
ALTER TABLE "matches" ADD COLUMN "withdrawnActions" JSONB;
