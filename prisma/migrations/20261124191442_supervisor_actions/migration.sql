-- Regel 38 and 22: the supervisor's actions at the table (issue 13.6).
-- A set a removed player's pair lost 2–0 per game (Regel 38).
ALTER TYPE "SetSource" ADD VALUE 'PLAYER_REMOVED';

CREATE TYPE "SupervisorActionKind" AS ENUM ('REMOVE_PLAYER', 'VOID_WRONG_TABLE');

CREATE TABLE "supervisor_actions" (
    "id" UUID NOT NULL,
    "matchId" UUID NOT NULL,
    "kind" "SupervisorActionKind" NOT NULL,
    "setNumber" INTEGER NOT NULL,
    "tableNumber" INTEGER NOT NULL,
    "memberId" UUID,
    "side" "Side",
    "pairNumber" INTEGER,
    "fromGame" INTEGER,
    "gameNumbers" INTEGER[],
    "voidedEntry" JSONB,
    "reason" TEXT NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "supervisor_actions_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "supervisor_actions_matchId_idx" ON "supervisor_actions"("matchId");
CREATE INDEX "supervisor_actions_memberId_idx" ON "supervisor_actions"("memberId");

ALTER TABLE "supervisor_actions" ADD CONSTRAINT "supervisor_actions_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "supervisor_actions" ADD CONSTRAINT "supervisor_actions_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
