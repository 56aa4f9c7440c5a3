-- Backups (issue 25): one row per attempt, so the Beheer page, the to-do list and /api/metrics
-- show the last good backup and a failed one. Written by hand (the schema engine's diff crashes
-- on this schema); prisma/schema.prisma says the same. No existing data is touched.
CREATE TYPE "BackupStatus" AS ENUM ('RUNNING', 'SUCCEEDED', 'FAILED');

CREATE TABLE "backup_runs" (
    "id" UUID NOT NULL,
    "status" "BackupStatus" NOT NULL DEFAULT 'RUNNING',
    "trigger" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "file" TEXT,
    "directory" TEXT,
    "sizeBytes" BIGINT,
    "error" TEXT,
    "details" JSONB,
    CONSTRAINT "backup_runs_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "backup_runs_status_startedAt_idx" ON "backup_runs"("status", "startedAt");
