-- Issue 21 (RULES.md "Finality and authority at the match"): whatever the supervisor recorded
-- only the supervisor or an administrator withdraws. A substitution keeps who recorded it
-- (null: recorded before this migration, treated as a club's).
ALTER TABLE "substitutions" ADD COLUMN "recordedByRole" "Role";
