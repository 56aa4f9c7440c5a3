-- CreateEnum
CREATE TYPE "Role" AS ENUM ('ADMIN', 'SECRETARY', 'SUPERVISOR');

-- CreateEnum
CREATE TYPE "MemberListStatus" AS ENUM ('DRAFT', 'SUBMITTED');

-- CreateEnum
CREATE TYPE "SanctionKind" AS ENUM ('SUSPENSION', 'EXPULSION');

-- CreateEnum
CREATE TYPE "TransferStatus" AS ENUM ('REQUESTED', 'APPROVED', 'REFUSED', 'COMPLETED');

-- CreateEnum
CREATE TYPE "MatchStatus" AS ENUM ('SCHEDULED', 'PLAYED', 'NOT_PLAYED', 'FORFEIT', 'CANCELLED');

-- CreateEnum
CREATE TYPE "ResultState" AS ENUM ('NONE', 'ENTERED', 'CONFIRMED');

-- CreateEnum
CREATE TYPE "ForfeitCause" AS ENUM ('TOO_FEW_PAIRS', 'LATE_CANCELLATION', 'OTHER');

-- CreateEnum
CREATE TYPE "SetSource" AS ENUM ('GAMES', 'TOTALS', 'MISSING_PAIR', 'SUBSTITUTION_VIOLATION', 'FORFEIT', 'AVERAGE');

-- CreateEnum
CREATE TYPE "Side" AS ENUM ('HOME', 'AWAY');

-- CreateEnum
CREATE TYPE "GameKind" AS ENUM ('WON', 'KAP', 'KAP_TAPPED', 'BAUNIE', 'FAILED_BAUNIE', 'PENALTY');

-- CreateEnum
CREATE TYPE "FineStatus" AS ENUM ('PROPOSED', 'OPEN', 'PAID', 'WAIVED', 'DISCARDED');

-- CreateEnum
CREATE TYPE "Beneficiary" AS ENUM ('FEDERATION', 'CLUB');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "clubId" UUID,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" UUID NOT NULL,
    "userId" UUID,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seasons" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "startsOn" DATE NOT NULL,
    "competitionStartsOn" DATE NOT NULL,
    "endsOn" DATE NOT NULL,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "seasons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "season_settings" (
    "id" UUID NOT NULL,
    "seasonId" UUID NOT NULL,
    "memberListDeadlineDays" INTEGER NOT NULL DEFAULT 15,
    "transferFreezeDays" INTEGER NOT NULL DEFAULT 15,
    "registrationLeadWorkingDays" INTEGER NOT NULL DEFAULT 5,
    "ineligiblePlayerDeduction" INTEGER NOT NULL DEFAULT 3,
    "pairsPerTeam" INTEGER NOT NULL DEFAULT 6,
    "gamesPerSet" INTEGER NOT NULL DEFAULT 4,
    "minimumPairsToStart" INTEGER NOT NULL DEFAULT 5,
    "missingSetPoints" INTEGER NOT NULL DEFAULT 8,
    "maxSubstitutions" INTEGER NOT NULL DEFAULT 6,
    "substitutionsFromSet" INTEGER NOT NULL DEFAULT 3,
    "noScreenDeduction" INTEGER NOT NULL DEFAULT 3,
    "pointsWin" INTEGER NOT NULL DEFAULT 3,
    "pointsDraw" INTEGER NOT NULL DEFAULT 1,
    "pointsLoss" INTEGER NOT NULL DEFAULT 0,
    "lineupMissingFineCents" INTEGER NOT NULL DEFAULT 1500,
    "lineupMissingRepeatFineCents" INTEGER NOT NULL DEFAULT 4500,
    "forfeitFineCents" INTEGER NOT NULL DEFAULT 6000,
    "negligenceFineCents" INTEGER NOT NULL DEFAULT 1500,
    "incompleteFineCents" INTEGER NOT NULL DEFAULT 4500,
    "incompleteEveryNth" INTEGER NOT NULL DEFAULT 3,
    "fineDueDays" INTEGER NOT NULL DEFAULT 30,
    "paymentAccountName" TEXT NOT NULL DEFAULT 'Troefcall Sport Bond Nederland',
    "paymentIban" TEXT NOT NULL DEFAULT 'NL00 BANK 0000 0000 00',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "season_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "divisions" (
    "id" UUID NOT NULL,
    "seasonId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "level" INTEGER NOT NULL DEFAULT 1,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "divisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clubs" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "city" TEXT,
    "venue" TEXT,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "clubs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teams" (
    "id" UUID NOT NULL,
    "divisionId" UUID NOT NULL,
    "clubId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "members" (
    "id" UUID NOT NULL,
    "memberNumber" TEXT NOT NULL,
    "familyName" TEXT NOT NULL,
    "namePrefix" TEXT,
    "givenNames" TEXT NOT NULL,
    "birthDate" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_lists" (
    "id" UUID NOT NULL,
    "seasonId" UUID NOT NULL,
    "clubId" UUID NOT NULL,
    "status" "MemberListStatus" NOT NULL DEFAULT 'DRAFT',
    "firstSubmittedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_list_entries" (
    "id" UUID NOT NULL,
    "memberListId" UUID NOT NULL,
    "seasonId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "registeredOn" DATE NOT NULL,
    "registeredOnReason" TEXT,
    "removedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_list_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_sanctions" (
    "id" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "kind" "SanctionKind" NOT NULL,
    "startsOn" DATE NOT NULL,
    "endsOn" DATE,
    "reason" TEXT NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_sanctions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transfers" (
    "id" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "fromClubId" UUID,
    "toClubId" UUID NOT NULL,
    "effectiveSeasonId" UUID,
    "requestedOn" DATE NOT NULL,
    "status" "TransferStatus" NOT NULL DEFAULT 'REQUESTED',
    "boardDecision" BOOLEAN NOT NULL DEFAULT false,
    "boardReason" TEXT,
    "decidedById" UUID,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "transfers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "matches" (
    "id" UUID NOT NULL,
    "divisionId" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "startTime" TEXT NOT NULL DEFAULT '20:00',
    "homeTeamId" UUID NOT NULL,
    "awayTeamId" UUID NOT NULL,
    "status" "MatchStatus" NOT NULL DEFAULT 'SCHEDULED',
    "resultState" "ResultState" NOT NULL DEFAULT 'NONE',
    "homePoints" INTEGER,
    "awayPoints" INTEGER,
    "homeIneligible" BOOLEAN NOT NULL DEFAULT false,
    "awayIneligible" BOOLEAN NOT NULL DEFAULT false,
    "forfeitingTeamId" UUID,
    "forfeitCause" "ForfeitCause",
    "statusReason" TEXT,
    "enteredById" UUID,
    "enteredAt" TIMESTAMP(3),
    "homeSignedById" UUID,
    "homeSignedAt" TIMESTAMP(3),
    "awaySignedById" UUID,
    "awaySignedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "matches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "match_moves" (
    "id" UUID NOT NULL,
    "matchId" UUID NOT NULL,
    "fromDate" DATE NOT NULL,
    "toDate" DATE NOT NULL,
    "swapped" BOOLEAN NOT NULL DEFAULT false,
    "reason" TEXT NOT NULL,
    "movedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "match_moves_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lineups" (
    "id" UUID NOT NULL,
    "matchId" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "composedBeforeMatch" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "lineups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lineup_players" (
    "id" UUID NOT NULL,
    "lineupId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "pairNumber" INTEGER,
    "fromSet" INTEGER NOT NULL DEFAULT 1,
    "eligible" BOOLEAN NOT NULL DEFAULT true,
    "ineligibilityReasons" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lineup_players_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "match_sets" (
    "id" UUID NOT NULL,
    "matchId" UUID NOT NULL,
    "setNumber" INTEGER NOT NULL,
    "tableNumber" INTEGER NOT NULL,
    "homePairNumber" INTEGER NOT NULL,
    "awayPairNumber" INTEGER NOT NULL,
    "homePoints" INTEGER NOT NULL,
    "awayPoints" INTEGER NOT NULL,
    "source" "SetSource" NOT NULL DEFAULT 'TOTALS',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "match_sets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "games" (
    "id" UUID NOT NULL,
    "matchSetId" UUID NOT NULL,
    "gameNumber" INTEGER NOT NULL,
    "winner" "Side" NOT NULL,
    "kind" "GameKind" NOT NULL,
    "points" INTEGER NOT NULL,
    "penaltyRule" TEXT,

    CONSTRAINT "games_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "substitutions" (
    "id" UUID NOT NULL,
    "matchId" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "setNumber" INTEGER NOT NULL,
    "pairNumber" INTEGER NOT NULL,
    "outMemberId" UUID NOT NULL,
    "inMemberId" UUID NOT NULL,
    "violation" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "substitutions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "point_deductions" (
    "id" UUID NOT NULL,
    "seasonId" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "matchId" UUID,
    "points" INTEGER NOT NULL,
    "rule" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "point_deductions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "playoffs" (
    "id" UUID NOT NULL,
    "divisionId" UUID NOT NULL,
    "winnerTeamId" UUID NOT NULL,
    "loserTeamId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "playoffs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fine_catalog_items" (
    "id" UUID NOT NULL,
    "seasonId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "fine_catalog_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fines" (
    "id" UUID NOT NULL,
    "seasonId" UUID NOT NULL,
    "clubId" UUID NOT NULL,
    "teamId" UUID,
    "rule" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "proposedAmountCents" INTEGER,
    "changeReason" TEXT,
    "issuedOn" DATE NOT NULL,
    "dueOn" DATE NOT NULL,
    "beneficiary" "Beneficiary" NOT NULL DEFAULT 'FEDERATION',
    "beneficiaryClubId" UUID,
    "status" "FineStatus" NOT NULL DEFAULT 'PROPOSED',
    "paidOn" DATE,
    "waivedReason" TEXT,
    "matchId" UUID,
    "memberListId" UUID,
    "catalogItemId" UUID,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "fines_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_clubId_idx" ON "users"("clubId");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_tokenHash_key" ON "sessions"("tokenHash");

-- CreateIndex
CREATE INDEX "sessions_userId_idx" ON "sessions"("userId");

-- CreateIndex
CREATE INDEX "audit_logs_entityType_entityId_idx" ON "audit_logs"("entityType", "entityId");

-- CreateIndex
CREATE INDEX "audit_logs_userId_idx" ON "audit_logs"("userId");

-- CreateIndex
CREATE INDEX "audit_logs_createdAt_idx" ON "audit_logs"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "seasons_name_key" ON "seasons"("name");

-- CreateIndex
CREATE UNIQUE INDEX "season_settings_seasonId_key" ON "season_settings"("seasonId");

-- CreateIndex
CREATE INDEX "divisions_seasonId_idx" ON "divisions"("seasonId");

-- CreateIndex
CREATE UNIQUE INDEX "divisions_seasonId_name_key" ON "divisions"("seasonId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "clubs_name_key" ON "clubs"("name");

-- CreateIndex
CREATE INDEX "teams_divisionId_idx" ON "teams"("divisionId");

-- CreateIndex
CREATE INDEX "teams_clubId_idx" ON "teams"("clubId");

-- CreateIndex
CREATE UNIQUE INDEX "teams_divisionId_name_key" ON "teams"("divisionId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "members_memberNumber_key" ON "members"("memberNumber");

-- CreateIndex
CREATE INDEX "members_familyName_idx" ON "members"("familyName");

-- CreateIndex
CREATE INDEX "member_lists_clubId_idx" ON "member_lists"("clubId");

-- CreateIndex
CREATE UNIQUE INDEX "member_lists_seasonId_clubId_key" ON "member_lists"("seasonId", "clubId");

-- CreateIndex
CREATE INDEX "member_list_entries_memberListId_idx" ON "member_list_entries"("memberListId");

-- CreateIndex
CREATE INDEX "member_list_entries_memberId_idx" ON "member_list_entries"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "member_list_entries_seasonId_memberId_key" ON "member_list_entries"("seasonId", "memberId");

-- CreateIndex
CREATE INDEX "member_sanctions_memberId_idx" ON "member_sanctions"("memberId");

-- CreateIndex
CREATE INDEX "transfers_memberId_idx" ON "transfers"("memberId");

-- CreateIndex
CREATE INDEX "transfers_fromClubId_idx" ON "transfers"("fromClubId");

-- CreateIndex
CREATE INDEX "transfers_toClubId_idx" ON "transfers"("toClubId");

-- CreateIndex
CREATE INDEX "transfers_effectiveSeasonId_idx" ON "transfers"("effectiveSeasonId");

-- CreateIndex
CREATE INDEX "matches_divisionId_date_idx" ON "matches"("divisionId", "date");

-- CreateIndex
CREATE INDEX "matches_homeTeamId_idx" ON "matches"("homeTeamId");

-- CreateIndex
CREATE INDEX "matches_awayTeamId_idx" ON "matches"("awayTeamId");

-- CreateIndex
CREATE INDEX "matches_forfeitingTeamId_idx" ON "matches"("forfeitingTeamId");

-- CreateIndex
CREATE UNIQUE INDEX "matches_divisionId_round_homeTeamId_key" ON "matches"("divisionId", "round", "homeTeamId");

-- CreateIndex
CREATE INDEX "match_moves_matchId_idx" ON "match_moves"("matchId");

-- CreateIndex
CREATE INDEX "lineups_teamId_idx" ON "lineups"("teamId");

-- CreateIndex
CREATE UNIQUE INDEX "lineups_matchId_teamId_key" ON "lineups"("matchId", "teamId");

-- CreateIndex
CREATE INDEX "lineup_players_memberId_idx" ON "lineup_players"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "lineup_players_lineupId_memberId_key" ON "lineup_players"("lineupId", "memberId");

-- CreateIndex
CREATE INDEX "match_sets_matchId_idx" ON "match_sets"("matchId");

-- CreateIndex
CREATE UNIQUE INDEX "match_sets_matchId_setNumber_tableNumber_key" ON "match_sets"("matchId", "setNumber", "tableNumber");

-- CreateIndex
CREATE UNIQUE INDEX "games_matchSetId_gameNumber_key" ON "games"("matchSetId", "gameNumber");

-- CreateIndex
CREATE INDEX "substitutions_matchId_idx" ON "substitutions"("matchId");

-- CreateIndex
CREATE INDEX "substitutions_teamId_idx" ON "substitutions"("teamId");

-- CreateIndex
CREATE INDEX "substitutions_outMemberId_idx" ON "substitutions"("outMemberId");

-- CreateIndex
CREATE INDEX "substitutions_inMemberId_idx" ON "substitutions"("inMemberId");

-- CreateIndex
CREATE INDEX "point_deductions_seasonId_idx" ON "point_deductions"("seasonId");

-- CreateIndex
CREATE INDEX "point_deductions_teamId_idx" ON "point_deductions"("teamId");

-- CreateIndex
CREATE INDEX "point_deductions_matchId_idx" ON "point_deductions"("matchId");

-- CreateIndex
CREATE INDEX "playoffs_divisionId_idx" ON "playoffs"("divisionId");

-- CreateIndex
CREATE INDEX "playoffs_winnerTeamId_idx" ON "playoffs"("winnerTeamId");

-- CreateIndex
CREATE INDEX "playoffs_loserTeamId_idx" ON "playoffs"("loserTeamId");

-- CreateIndex
CREATE INDEX "fine_catalog_items_seasonId_idx" ON "fine_catalog_items"("seasonId");

-- CreateIndex
CREATE UNIQUE INDEX "fine_catalog_items_seasonId_code_key" ON "fine_catalog_items"("seasonId", "code");

-- CreateIndex
CREATE INDEX "fines_seasonId_idx" ON "fines"("seasonId");

-- CreateIndex
CREATE INDEX "fines_clubId_status_idx" ON "fines"("clubId", "status");

-- CreateIndex
CREATE INDEX "fines_teamId_idx" ON "fines"("teamId");

-- CreateIndex
CREATE INDEX "fines_beneficiaryClubId_idx" ON "fines"("beneficiaryClubId");

-- CreateIndex
CREATE INDEX "fines_matchId_idx" ON "fines"("matchId");

-- CreateIndex
CREATE INDEX "fines_memberListId_idx" ON "fines"("memberListId");

-- CreateIndex
CREATE INDEX "fines_catalogItemId_idx" ON "fines"("catalogItemId");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "clubs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_settings" ADD CONSTRAINT "season_settings_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "divisions" ADD CONSTRAINT "divisions_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teams" ADD CONSTRAINT "teams_divisionId_fkey" FOREIGN KEY ("divisionId") REFERENCES "divisions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teams" ADD CONSTRAINT "teams_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "clubs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_lists" ADD CONSTRAINT "member_lists_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_lists" ADD CONSTRAINT "member_lists_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "clubs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_list_entries" ADD CONSTRAINT "member_list_entries_memberListId_fkey" FOREIGN KEY ("memberListId") REFERENCES "member_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_list_entries" ADD CONSTRAINT "member_list_entries_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_list_entries" ADD CONSTRAINT "member_list_entries_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_sanctions" ADD CONSTRAINT "member_sanctions_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_fromClubId_fkey" FOREIGN KEY ("fromClubId") REFERENCES "clubs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_toClubId_fkey" FOREIGN KEY ("toClubId") REFERENCES "clubs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_effectiveSeasonId_fkey" FOREIGN KEY ("effectiveSeasonId") REFERENCES "seasons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_divisionId_fkey" FOREIGN KEY ("divisionId") REFERENCES "divisions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_homeTeamId_fkey" FOREIGN KEY ("homeTeamId") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_awayTeamId_fkey" FOREIGN KEY ("awayTeamId") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_forfeitingTeamId_fkey" FOREIGN KEY ("forfeitingTeamId") REFERENCES "teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_moves" ADD CONSTRAINT "match_moves_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lineups" ADD CONSTRAINT "lineups_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lineups" ADD CONSTRAINT "lineups_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lineup_players" ADD CONSTRAINT "lineup_players_lineupId_fkey" FOREIGN KEY ("lineupId") REFERENCES "lineups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lineup_players" ADD CONSTRAINT "lineup_players_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_sets" ADD CONSTRAINT "match_sets_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_matchSetId_fkey" FOREIGN KEY ("matchSetId") REFERENCES "match_sets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_outMemberId_fkey" FOREIGN KEY ("outMemberId") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_inMemberId_fkey" FOREIGN KEY ("inMemberId") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "playoffs" ADD CONSTRAINT "playoffs_divisionId_fkey" FOREIGN KEY ("divisionId") REFERENCES "divisions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "playoffs" ADD CONSTRAINT "playoffs_winnerTeamId_fkey" FOREIGN KEY ("winnerTeamId") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "playoffs" ADD CONSTRAINT "playoffs_loserTeamId_fkey" FOREIGN KEY ("loserTeamId") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fine_catalog_items" ADD CONSTRAINT "fine_catalog_items_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fines" ADD CONSTRAINT "fines_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fines" ADD CONSTRAINT "fines_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "clubs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fines" ADD CONSTRAINT "fines_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fines" ADD CONSTRAINT "fines_beneficiaryClubId_fkey" FOREIGN KEY ("beneficiaryClubId") REFERENCES "clubs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fines" ADD CONSTRAINT "fines_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fines" ADD CONSTRAINT "fines_memberListId_fkey" FOREIGN KEY ("memberListId") REFERENCES "member_lists"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fines" ADD CONSTRAINT "fines_catalogItemId_fkey" FOREIGN KEY ("catalogItemId") REFERENCES "fine_catalog_items"("id") ON DELETE SET NULL ON UPDATE CASCADE;
