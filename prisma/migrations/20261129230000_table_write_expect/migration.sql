-- A table write sends its changes in the same round trip as its lock when the process kept the
-- match as its last write left it (match-writer.service.ts): a statement between the lock and
-- the changes checks that the match is still that row (its fingerprint), that the code's counts
-- admit the request and that the idempotency key is new. When not, it raises this error, the
-- changes behind it do not run (the transaction is aborted) and the COMMIT is a rollback; the
-- write then loads the match under its lock and decides again.
CREATE FUNCTION tsbn_expect(ok boolean) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'the table write''s kept match is not current' USING ERRCODE = 'TS001';
  END IF;
  RETURN true;
END $$;
