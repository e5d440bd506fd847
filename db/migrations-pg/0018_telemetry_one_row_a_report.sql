-- One row a report (docs/decisions/075, its layout): a report's track point moves into its telemetry row (ingest
-- wrote both from one message, with the same machine, time and receive time), its kind data is stored as the values of
-- its shape's fields (contract/mqtt/stored-data.ts), and track_points becomes a view of the positioned reports.
ALTER TABLE "telemetry" ALTER COLUMN "data" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "speed" double precision;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "alarm_info" text;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "alarm_value" double precision;--> statement-breakpoint
UPDATE "telemetry" t SET lat = p.lat, lng = p.lng, speed = p.speed, alarm_info = p.alarm_info, alarm_value = p.alarm_value
  FROM "track_points" p WHERE p.device_id = t.device_id AND p.gps_time = t.device_time;--> statement-breakpoint
-- The rollup's and the buckets' watermarks of track points were ids of track_points; from here on they are ids of
-- telemetry: the last report whose position had been folded.
UPDATE "rollup_watermarks" SET "last_id" = coalesce((
  SELECT max(t.id) FROM "telemetry" t
  JOIN "track_points" p ON p.device_id = t.device_id AND p.gps_time = t.device_time
  WHERE p.id <= "rollup_watermarks"."last_id"), 0)
  WHERE "name" IN ('track_points', 'buckets.track_points');--> statement-breakpoint
-- jsonb's text puts a space after each comma; no stored value holds ", " itself (numbers, booleans, codes).
UPDATE "telemetry" SET data = replace((CASE data::jsonb ->> 'kind'
    WHEN 'aerialPlatform' THEN jsonb_build_array(0, data::jsonb -> 'platformHeightM', data::jsonb -> 'loadPct', data::jsonb -> 'tiltDeg', data::jsonb -> 'batteryV', data::jsonb -> 'batteryPct', data::jsonb -> 'driving', data::jsonb -> 'lifting', data::jsonb -> 'workingHours', data::jsonb -> 'faults')
    WHEN 'concretePump' THEN jsonb_build_array(1, data::jsonb -> 'pumpStatus', data::jsonb -> 'mode', data::jsonb -> 'displacementM3h', data::jsonb -> 'pressureMpa', data::jsonb -> 'pumpCurrentA', data::jsonb -> 'engineHours', data::jsonb -> 'faults')
    WHEN 'wetSprayer' THEN jsonb_build_array(2, data::jsonb -> 'spraying', data::jsonb -> 'sprayRateM3h', data::jsonb -> 'pressureMpa', data::jsonb -> 'acceleratorPct', data::jsonb -> 'engineHours', data::jsonb -> 'faults')
    WHEN 'mower' THEN jsonb_build_array(3, data::jsonb -> 'cutting', data::jsonb -> 'bladeRpm', data::jsonb -> 'batteryPct', data::jsonb -> 'areaTodayM2', data::jsonb -> 'workingHours', data::jsonb -> 'faults')
    WHEN 'boat' THEN jsonb_build_array(4, data::jsonb -> 'engineRpm', data::jsonb -> 'fuelPct', data::jsonb -> 'waterTempC', data::jsonb -> 'engineHours', data::jsonb -> 'faults')
    WHEN 'forklift' THEN jsonb_build_array(5, data::jsonb -> 'loadKg', data::jsonb -> 'forkHeightM', data::jsonb -> 'batteryPct', data::jsonb -> 'driving', data::jsonb -> 'workingHours', data::jsonb -> 'faults')
    WHEN 'battery' THEN jsonb_build_array(6, data::jsonb -> 'chargePct', data::jsonb -> 'voltageV', data::jsonb -> 'currentA', data::jsonb -> 'temperatureC', data::jsonb -> 'cycles', data::jsonb -> 'faults')
    WHEN 'charger' THEN jsonb_build_array(7, data::jsonb -> 'state', data::jsonb -> 'outputV', data::jsonb -> 'outputA', data::jsonb -> 'energyKwh', data::jsonb -> 'faults')
  END)::text, ', ', ',');--> statement-breakpoint
DROP TABLE "track_points" CASCADE;--> statement-breakpoint
-- Track points are the reports that said where the machine was.
CREATE VIEW "track_points" AS
  SELECT id, device_id, device_time AS gps_time, received_at, lat, lng, speed, alarm_info, alarm_value
  FROM "telemetry" WHERE lat IS NOT NULL;--> statement-breakpoint
-- One sequence numbers reports and their track points now: both watermarks stop at the same committed id.
CREATE OR REPLACE FUNCTION "rollup_committed_ids"(OUT "telemetry" bigint, OUT "track_points" bigint) LANGUAGE plpgsql AS $$
BEGIN
  -- A writer that holds its transaction open longer makes the rollup wait for its next run, not ingest for it.
  PERFORM set_config('lock_timeout', '5s', true);
  PERFORM pg_advisory_xact_lock(67052);
  EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM %s',
    pg_get_serial_sequence('telemetry', 'id')) INTO "telemetry";
  "track_points" := "telemetry";
END $$;
