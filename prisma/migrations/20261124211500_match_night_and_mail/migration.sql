-- Issue 15: the match night at the table (Regel 15). Per-table codes, per-set entry and
-- signature at the table, refusals for the supervisor, a log of every command with its
-- idempotency key, and a season setting to hide running scores while matches are played.
ALTER TABLE "matches"
  ADD COLUMN "nightOpenedAt" TIMESTAMP(3),
  ADD COLUMN "nightOpenedById" UUID,
  ADD COLUMN "nightEndsAt" TIMESTAMP(3);

ALTER TABLE "match_sets"
  ADD COLUMN "enteredBySide" "Side",
  ADD COLUMN "enteredAt" TIMESTAMP(3),
  ADD COLUMN "signedBySide" "Side",
  ADD COLUMN "signedAt" TIMESTAMP(3),
  ADD COLUMN "refusedBySide" "Side",
  ADD COLUMN "refusedAt" TIMESTAMP(3),
  ADD COLUMN "refusalComment" TEXT,
  ADD COLUMN "decidedAt" TIMESTAMP(3),
  ADD COLUMN "decisionReason" TEXT;

ALTER TABLE "season_settings" ADD COLUMN "liveScores" BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE "table_codes" (
    "id" UUID NOT NULL,
    "matchId" UUID NOT NULL,
    "tableNumber" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "table_codes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "table_codes_code_key" ON "table_codes"("code");
CREATE INDEX "table_codes_matchId_tableNumber_idx" ON "table_codes"("matchId", "tableNumber");
ALTER TABLE "table_codes" ADD CONSTRAINT "table_codes_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "match_commands" (
    "id" UUID NOT NULL,
    "matchId" UUID NOT NULL,
    "idempotencyKey" TEXT,
    "kind" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "response" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "match_commands_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "match_commands_idempotencyKey_key" ON "match_commands"("idempotencyKey");
CREATE INDEX "match_commands_matchId_createdAt_idx" ON "match_commands"("matchId", "createdAt");
ALTER TABLE "match_commands" ADD CONSTRAINT "match_commands_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Issue 17: e-mail, reminders and accounts without the administrator's help.
-- An invited user has no password until they choose one.
ALTER TABLE "users"
  ALTER COLUMN "passwordHash" DROP NOT NULL,
  ADD COLUMN "notificationsOff" TEXT[] DEFAULT ARRAY[]::TEXT[],
  ADD COLUMN "weeklyDigest" BOOLEAN NOT NULL DEFAULT false;

CREATE TYPE "AccountTokenKind" AS ENUM ('PASSWORD_RESET', 'INVITATION', 'EMAIL_CHANGE');
CREATE TABLE "account_tokens" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "kind" "AccountTokenKind" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "newEmail" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "account_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "account_tokens_tokenHash_key" ON "account_tokens"("tokenHash");
CREATE INDEX "account_tokens_userId_kind_idx" ON "account_tokens"("userId", "kind");
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "dedupKey" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "link" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "mailedAt" TIMESTAMP(3),
    "digestedAt" TIMESTAMP(3),
    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "notifications_dedupKey_key" ON "notifications"("dedupKey");
CREATE INDEX "notifications_userId_createdAt_idx" ON "notifications"("userId", "createdAt");
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TYPE "MailStatus" AS ENUM ('PENDING', 'SENT', 'FAILED');
CREATE TABLE "outgoing_mails" (
    "id" UUID NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "kind" TEXT NOT NULL,
    "status" "MailStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    CONSTRAINT "outgoing_mails_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "outgoing_mails_createdAt_idx" ON "outgoing_mails"("createdAt");

CREATE TABLE "caught_mails" (
    "id" UUID NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "caught_mails_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "caught_mails_receivedAt_idx" ON "caught_mails"("receivedAt");
