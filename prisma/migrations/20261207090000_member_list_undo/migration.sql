-- RULES.md "A list upload is the whole list, and a mistake is undone" (revised 2026-12-06).
-- Season settings: removing more than 25 % of a list asks a second confirmation; a list can be
-- put back as it was before an upload for 14 days; a member added again to the same club's list
-- within 14 days of being taken off keeps the original registration date.
ALTER TABLE "season_settings" ADD COLUMN "memberRemovalConfirmPercent" INTEGER NOT NULL DEFAULT 25;
ALTER TABLE "season_settings" ADD COLUMN "memberListRestoreDays" INTEGER NOT NULL DEFAULT 14;
ALTER TABLE "season_settings" ADD COLUMN "memberReaddDays" INTEGER NOT NULL DEFAULT 14;

-- Every upload of a whole list, with what it changed per member, so it can be undone.
CREATE TABLE "member_list_uploads" (
    "id" UUID NOT NULL,
    "memberListId" UUID NOT NULL,
    "userId" UUID,
    "byFederation" BOOLEAN NOT NULL,
    "fileName" TEXT NOT NULL,
    "added" INTEGER NOT NULL,
    "changed" INTEGER NOT NULL,
    "removed" INTEGER NOT NULL,
    "changes" JSONB NOT NULL,
    "restoredAt" TIMESTAMP(3),
    "restoredById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_list_uploads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "member_list_uploads_memberListId_createdAt_idx" ON "member_list_uploads"("memberListId", "createdAt");

-- CreateIndex
CREATE INDEX "member_list_uploads_userId_idx" ON "member_list_uploads"("userId");

-- CreateIndex
CREATE INDEX "member_list_uploads_restoredById_idx" ON "member_list_uploads"("restoredById");

-- AddForeignKey
ALTER TABLE "member_list_uploads" ADD CONSTRAINT "member_list_uploads_memberListId_fkey" FOREIGN KEY ("memberListId") REFERENCES "member_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_list_uploads" ADD CONSTRAINT "member_list_uploads_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_list_uploads" ADD CONSTRAINT "member_list_uploads_restoredById_fkey" FOREIGN KEY ("restoredById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
