-- Restore drills (issue 45 item 5): once a week the newest backup is restored into a scratch
-- database, compared table by table with its file (counts and checksums) and dropped; one row per
-- drill, so the Beheer page, the to-do list and /api/metrics show the last one. Written by hand
-- (as 20261126220000_backup_runs); prisma/schema.prisma says the same. No existing data is touched.
CREATE TYPE "RestoreDrillStatus" AS ENUM ('RUNNING', 'SUCCEEDED', 'FAILED');

CREATE TABLE "restore_drills" (
    "id" UUID NOT NULL,
    "status" "RestoreDrillStatus" NOT NULL DEFAULT 'RUNNING',
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "file" TEXT,
    "directory" TEXT,
    "tablesChecked" INTEGER,
    "rowsChecked" INTEGER,
    "error" TEXT,
    CONSTRAINT "restore_drills_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "restore_drills_status_startedAt_idx" ON "restore_drills"("status", "startedAt");
