-- Several API processes on one PostgreSQL (issue 22 item 4): what every process must see
-- alike lives here instead of in one process's memory. Written by hand (the schema engine's
-- diff crashes on this schema); prisma/schema.prisma says the same. No existing data is touched.

-- The throttles (login, password, account links, table codes, reset requests): one row per
-- (kind, key), counted with atomic upserts. Times are epoch milliseconds of the API's clock.
CREATE TABLE "rate_limit_records" (
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "startedAtMs" BIGINT NOT NULL,
    "touchedAtMs" BIGINT NOT NULL,
    "blockedUntilMs" BIGINT,
    "hits" BIGINT[] NOT NULL DEFAULT ARRAY[]::BIGINT[],
    CONSTRAINT "rate_limit_records_pkey" PRIMARY KEY ("kind", "key")
);

CREATE INDEX "rate_limit_records_touchedAtMs_idx" ON "rate_limit_records"("touchedAtMs");

-- The open live streams (Server-Sent Events) of every API process, for the caps in total and
-- per client: a process refreshes its rows' heartbeat; rows of a process that stopped
-- refreshing are not counted and are deleted later.
CREATE TABLE "live_streams" (
    "id" UUID NOT NULL,
    "processId" TEXT NOT NULL,
    "client" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "openedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "live_streams_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "live_streams_client_heartbeatAt_idx" ON "live_streams"("client", "heartbeatAt");
CREATE INDEX "live_streams_processId_idx" ON "live_streams"("processId");
CREATE INDEX "live_streams_heartbeatAt_idx" ON "live_streams"("heartbeatAt");
