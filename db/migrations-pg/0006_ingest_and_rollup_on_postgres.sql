-- Ingest and the daily rollup on PostgreSQL (docs/decisions/067, step 5).
--
-- What ingest keeps in memory (server/src/ingest/store-pg.ts) is kept only while no other transaction changes a
-- machine's row, its alarms or its customer's name. Every statement that may (from any connection but ingest's
-- batch, which sets console.ingest) takes the kept-state lock shared and moves kept_state_changes, before it
-- touches a row. Ingest's batch takes the same lock exclusively first: it waits for the transactions that changed
-- kept state to end, reads kept_state_changes (forgetting what it keeps when it moved), and no such change can
-- begin until the batch commits. Changes by different transactions do not wait for each other.
CREATE SEQUENCE "kept_state_changes";
--> statement-breakpoint
CREATE FUNCTION "kept_state_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('console.ingest', true), '') <> 'on' THEN
    PERFORM pg_advisory_xact_lock_shared(67051);
    PERFORM nextval('kept_state_changes');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "kept_state_devices" BEFORE INSERT OR UPDATE OR DELETE ON "devices"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_state_changed"();
--> statement-breakpoint
CREATE TRIGGER "kept_state_alarms" BEFORE INSERT OR UPDATE OR DELETE ON "alarms"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_state_changed"();
--> statement-breakpoint
CREATE TRIGGER "kept_state_organisations" BEFORE UPDATE OF "name" OR DELETE ON "organisations"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_state_changed"();
--> statement-breakpoint
-- Ingest's batch, first statement: its own writes move nothing, the lock is its, and the changes counted so far.
CREATE FUNCTION "ingest_kept_state"() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('console.ingest', 'on', true);
  PERFORM pg_advisory_xact_lock(67051);
  RETURN (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM kept_state_changes);
END $$;
--> statement-breakpoint
-- The rollup's watermarks are ids, and PostgreSQL hands out ids before commit, in no commit order. Whoever writes
-- telemetry or track points holds the writers' lock shared until commit; the rollup takes it exclusively for a
-- moment and reads the last ids handed out: every row at or below them is committed (or never will be), so the
-- rollup reads no further and passes over no row that commits later.
CREATE FUNCTION "telemetry_writer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(67052);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "telemetry_writer" BEFORE INSERT ON "telemetry"
  FOR EACH STATEMENT EXECUTE FUNCTION "telemetry_writer"();
--> statement-breakpoint
CREATE TRIGGER "track_points_writer" BEFORE INSERT ON "track_points"
  FOR EACH STATEMENT EXECUTE FUNCTION "telemetry_writer"();
--> statement-breakpoint
CREATE FUNCTION "rollup_committed_ids"(OUT "telemetry" bigint, OUT "track_points" bigint) LANGUAGE plpgsql AS $$
BEGIN
  -- A writer that holds its transaction open longer makes the rollup wait for its next run, not ingest for it.
  PERFORM set_config('lock_timeout', '5s', true);
  PERFORM pg_advisory_xact_lock(67052);
  EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM %s',
    pg_get_serial_sequence('telemetry', 'id')) INTO "telemetry";
  EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM %s',
    pg_get_serial_sequence('track_points', 'id')) INTO "track_points";
END $$;
