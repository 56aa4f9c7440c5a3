-- A fine levied from the Beheer form carries the form's idempotency key: the same request sent
-- again (a lost answer on a bad connection, a second click) finds the fine it made instead of
-- levying it twice. Written by hand, as prisma/schema.prisma says; existing fines have none.
ALTER TABLE "fines" ADD COLUMN "idempotencyKey" TEXT;

CREATE UNIQUE INDEX "fines_idempotencyKey_key" ON "fines"("idempotencyKey");
