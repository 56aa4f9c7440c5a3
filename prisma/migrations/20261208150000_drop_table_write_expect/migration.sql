-- A table write no longer sends its changes in the same round trip as its lock, on the row its
-- process kept (issue 46: the night keeps 150 writes/s at p99 < 150 ms without that; the bench's
-- figures with and without it are in docs/testing.md). The check that raised when the kept match
-- was not current (20261129230000_table_write_expect) has no caller left.
DROP FUNCTION tsbn_expect(boolean);
