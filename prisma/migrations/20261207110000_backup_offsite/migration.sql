-- The copy off the server (restic): per backup run, when it was copied, the snapshot and the bytes
-- it added, or why the copy failed.
ALTER TABLE "backup_runs" ADD COLUMN "offsiteAt" TIMESTAMP(3),
ADD COLUMN "offsiteSnapshot" TEXT,
ADD COLUMN "offsiteBytes" BIGINT,
ADD COLUMN "offsiteError" TEXT;
