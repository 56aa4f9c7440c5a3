-- CreateTable
CREATE TABLE "incomplete_appearances" (
    "id" UUID NOT NULL,
    "seasonId" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "matchId" UUID NOT NULL,
    "occurrence" INTEGER NOT NULL,
    "recordedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "incomplete_appearances_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "incomplete_appearances_seasonId_teamId_idx" ON "incomplete_appearances"("seasonId", "teamId");

-- CreateIndex
CREATE INDEX "incomplete_appearances_teamId_idx" ON "incomplete_appearances"("teamId");

-- CreateIndex
CREATE UNIQUE INDEX "incomplete_appearances_matchId_teamId_key" ON "incomplete_appearances"("matchId", "teamId");

-- AddForeignKey
ALTER TABLE "incomplete_appearances" ADD CONSTRAINT "incomplete_appearances_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incomplete_appearances" ADD CONSTRAINT "incomplete_appearances_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incomplete_appearances" ADD CONSTRAINT "incomplete_appearances_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
