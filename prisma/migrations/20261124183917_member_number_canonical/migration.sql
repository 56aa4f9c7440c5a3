-- Member numbers as the federation writes them (RULES.md): letters, digits and dashes,
-- compared without regard to case and surrounding spaces. The column stays text and holds
-- only the canonical form (trimmed, capitals; see normalizeMemberNumber in
-- backend/src/domain/member-import.ts), so the existing unique index on "memberNumber"
-- already treats 'ts-10021 ' and 'TS-10021' as one person. Earlier numbers were digits only,
-- so this UPDATE changes nothing on existing data; the CHECK keeps every writer honest.
UPDATE "members" SET "memberNumber" = upper(btrim("memberNumber")) WHERE "memberNumber" <> upper(btrim("memberNumber"));

ALTER TABLE "members"
  ADD CONSTRAINT "members_memberNumber_canonical"
  CHECK ("memberNumber" = upper(btrim("memberNumber")) AND "memberNumber" ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$');
