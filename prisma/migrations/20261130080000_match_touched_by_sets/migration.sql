-- A table write keeps the match row it left for the match's next write, and checks before using it
-- that the match is still so: its fingerprint (backend/src/matches/match-load.ts). The fingerprint's
-- own part was the version (xmin) of the match row, of each of its sets and of each set's games, read
-- at every check: some 36 sets and 200 games on a night's match, the heaviest statement of a night.
--
-- Now every statement that adds, changes or removes a match's sets or games also gives the match
-- row a new version (these triggers; the row's values stay as they are), whoever runs it: another
-- API process, a supervisor's correction, a restore, someone at the database by hand. The match
-- row's version alone then says whether the match, its sets or its games changed. A match this
-- transaction already gave a new version is not touched again.
--
-- A table write's own transaction (the API sets tsbn.locked when its lock statement took the
-- match) is left out: it changes sets and games only in the statement that also updates the match
-- row (storeStateChanges: a change to a set or game always comes with the match's new version), so
-- the trigger would find the match touched already. The WHEN condition spares it the call.
CREATE FUNCTION tsbn_touch_match_of_sets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matches m SET "updatedAt" = m."updatedAt"
   WHERE m.id IN (SELECT s."matchId" FROM changed_sets s)
     AND m.xmin::text <> (txid_current() % 4294967296)::text;
  RETURN NULL;
END $$;

CREATE FUNCTION tsbn_touch_match_of_games() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A game removed with its set (ON DELETE CASCADE) finds no set left: the set's own trigger
  -- touched the match.
  UPDATE matches m SET "updatedAt" = m."updatedAt"
   WHERE m.id IN (SELECT s."matchId" FROM match_sets s WHERE s.id IN (SELECT g."matchSetId" FROM changed_games g))
     AND m.xmin::text <> (txid_current() % 4294967296)::text;
  RETURN NULL;
END $$;

-- One trigger per event and table: PostgreSQL allows transition tables only on single-event
-- triggers. Once per statement, so a restore or an import of thousands of rows touches each of
-- its matches once.
CREATE TRIGGER match_sets_touch_match_insert AFTER INSERT ON match_sets REFERENCING NEW TABLE AS changed_sets
  FOR EACH STATEMENT WHEN (current_setting('tsbn.locked', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION tsbn_touch_match_of_sets();
CREATE TRIGGER match_sets_touch_match_update AFTER UPDATE ON match_sets REFERENCING NEW TABLE AS changed_sets
  FOR EACH STATEMENT WHEN (current_setting('tsbn.locked', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION tsbn_touch_match_of_sets();
CREATE TRIGGER match_sets_touch_match_delete AFTER DELETE ON match_sets REFERENCING OLD TABLE AS changed_sets
  FOR EACH STATEMENT WHEN (current_setting('tsbn.locked', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION tsbn_touch_match_of_sets();
CREATE TRIGGER games_touch_match_insert AFTER INSERT ON games REFERENCING NEW TABLE AS changed_games
  FOR EACH STATEMENT WHEN (current_setting('tsbn.locked', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION tsbn_touch_match_of_games();
CREATE TRIGGER games_touch_match_update AFTER UPDATE ON games REFERENCING NEW TABLE AS changed_games
  FOR EACH STATEMENT WHEN (current_setting('tsbn.locked', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION tsbn_touch_match_of_games();
CREATE TRIGGER games_touch_match_delete AFTER DELETE ON games REFERENCING OLD TABLE AS changed_games
  FOR EACH STATEMENT WHEN (current_setting('tsbn.locked', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION tsbn_touch_match_of_games();
