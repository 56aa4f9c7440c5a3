-- A team leader's remark is on the supervisors' and the federation's to-do until one of them
-- marks it handled (issue 47: a remark went nowhere). Written by hand; prisma/schema.prisma
-- says the same.
ALTER TABLE "match_remarks" ADD COLUMN "handledAt" TIMESTAMP(3),
ADD COLUMN "handledById" UUID;
