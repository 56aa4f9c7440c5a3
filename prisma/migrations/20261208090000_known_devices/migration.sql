-- Known devices (issue 47): a browser that logged in to an account before carries a cookie
-- (tsbn_device) whose hash is kept here; when others guess the account's password and every
-- further try must wait, the owner's known browsers are not made to wait
-- (backend/src/auth/known-devices.ts). Written by hand; prisma/schema.prisma says the same.
-- A logged table: losing it would only make the owners' browsers unknown, but it is no count.
CREATE TABLE "known_devices" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "known_devices_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "known_devices_tokenHash_key" ON "known_devices"("tokenHash");

CREATE INDEX "known_devices_userId_lastUsedAt_idx" ON "known_devices"("userId", "lastUsedAt");

ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
