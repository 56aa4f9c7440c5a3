-- Regel 3B and 4 for matches already played. A member list has one entry per member and
-- season; taking a member off and adding them again, or a transfer, rewrote that entry, so a
-- later check of an earlier match (an administrator re-saving a final line-up, a result
-- confirmed late) saw today's registration: "registered too late", or "on another club's
-- list", and the match lost under Regel 4. The registration that ended is now kept here.

-- CreateTable
CREATE TABLE "member_list_periods" (
    "id" UUID NOT NULL,
    "entryId" UUID NOT NULL,
    "memberListId" UUID NOT NULL,
    "registeredOn" DATE NOT NULL,
    "endedOn" DATE NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_list_periods_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "member_list_periods_entryId_idx" ON "member_list_periods"("entryId");

-- CreateIndex
CREATE INDEX "member_list_periods_memberListId_idx" ON "member_list_periods"("memberListId");

-- AddForeignKey
ALTER TABLE "member_list_periods" ADD CONSTRAINT "member_list_periods_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "member_list_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_list_periods" ADD CONSTRAINT "member_list_periods_memberListId_fkey" FOREIGN KEY ("memberListId") REFERENCES "member_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Every path that registers a member anew rewrites the entry: a single add, an upload (one
-- INSERT … ON CONFLICT for the whole file), a transfer. One trigger keeps the registration that
-- ends, whichever path it is:
-- - a removed member comes back: the old registration ended the day they were taken off
--   (removedAt, a UTC timestamp, read as a Dutch date as everywhere else);
-- - the entry moves to another club's list: the old registration ended the day it was taken
--   off, or, when it was still on the list, the day the new registration starts.
-- An administrator correcting a registration date on an entry that stays is no new
-- registration: nothing is kept.
CREATE FUNCTION member_list_entry_keep_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD."removedAt" IS NOT NULL AND NEW."removedAt" IS NULL) OR OLD."memberListId" <> NEW."memberListId" THEN
    INSERT INTO member_list_periods (id, "entryId", "memberListId", "registeredOn", "endedOn", "createdAt")
    VALUES (
      gen_random_uuid(), OLD.id, OLD."memberListId", OLD."registeredOn",
      COALESCE(((OLD."removedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/Amsterdam')::date, NEW."registeredOn"),
      now() AT TIME ZONE 'UTC'
    );
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER member_list_entry_keep_period
  AFTER UPDATE OF "memberListId", "removedAt" ON member_list_entries
  FOR EACH ROW EXECUTE FUNCTION member_list_entry_keep_period();
