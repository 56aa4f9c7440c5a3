-- Idempotency keys bound to their sender and their request (issue 47): a write's key is claimed
-- by the logged-in user who sends it first, with a hash of the request (method, path, query,
-- body); another user's reuse of it, or the same user's with another request, is refused (409
-- IDEMPOTENCY_KEY_REUSED) instead of being answered as a retry with nothing stored
-- (backend/src/idempotency/). Written by hand; prisma/schema.prisma says the same.
CREATE TABLE "idempotency_keys" (
    "key" TEXT NOT NULL,
    "sender" TEXT NOT NULL,
    "requestHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("key")
);

-- The keys used before: bound to their sender, for any request of theirs (the request was not
-- kept). A user's keys only (8-100 letters, digits, - and _); the tables' and the system's keys
-- ("table-3:…", "finalise:…") are bound where they are kept (the match writer).
INSERT INTO "idempotency_keys" ("key", "sender", "requestHash", "createdAt")
SELECT "idempotencyKey", 'user:' || "actor", NULL, "createdAt" FROM "match_commands"
WHERE "idempotencyKey" ~ '^[A-Za-z0-9_-]{8,100}$' AND "actor" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
ON CONFLICT ("key") DO NOTHING;

INSERT INTO "idempotency_keys" ("key", "sender", "requestHash", "createdAt")
SELECT "idempotencyKey", 'user:' || "createdById", NULL, "createdAt" FROM "fines"
WHERE "idempotencyKey" ~ '^[A-Za-z0-9_-]{8,100}$' AND "createdById" IS NOT NULL
ON CONFLICT ("key") DO NOTHING;
