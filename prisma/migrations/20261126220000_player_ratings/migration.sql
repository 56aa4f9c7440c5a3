-- Player ratings and statistics (issue 24), written by hand (the schema engine's diff crashes
-- on this schema); prisma/schema.prisma says the same.

-- "Niet publiceren": the public sees "speler van <club>" and the member is in no public list.
ALTER TABLE "members" ADD COLUMN "doNotPublish" BOOLEAN NOT NULL DEFAULT false;

-- The current rating of every rated member (derived: a recomputation rewrites it).
CREATE TABLE "player_ratings" (
    "memberId" UUID NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "sets" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "player_ratings_pkey" PRIMARY KEY ("memberId")
);

-- A member's rating after each rated match (the history chart).
CREATE TABLE "rating_points" (
    "memberId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "matchId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "sets" INTEGER NOT NULL,
    CONSTRAINT "rating_points_pkey" PRIMARY KEY ("memberId", "seq")
);
-- A match's points, to find what a match changed.
CREATE INDEX "rating_points_matchId_idx" ON "rating_points"("matchId");

-- Where the rated order stands: the last match rated and a fingerprint of everything before it.
CREATE TABLE "rating_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "lastKey" TEXT NOT NULL DEFAULT '',
    "lastSeq" INTEGER NOT NULL DEFAULT 0,
    "fingerprint" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "rating_state_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "rating_state_single_row" CHECK ("id" = 1)
);

CREATE TYPE "RatingJobStatus" AS ENUM ('RUNNING', 'DONE', 'FAILED');

-- A recomputation an administrator started: its progress, polled by the admin page.
CREATE TABLE "rating_jobs" (
    "id" UUID NOT NULL,
    "status" "RatingJobStatus" NOT NULL DEFAULT 'RUNNING',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "requestedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "rating_jobs_pkey" PRIMARY KEY ("id")
);
-- The latest job first.
CREATE INDEX "rating_jobs_createdAt_idx" ON "rating_jobs"("createdAt");
