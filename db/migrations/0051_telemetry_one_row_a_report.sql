-- One row a report (docs/decisions/075, its layout): a report's track point moves into its telemetry row (ingest
-- wrote both from one message, with the same machine, time and receive time), its kind data is stored as the values of
-- its shape's fields (contract/mqtt/stored-data.ts), and track_points becomes a view of the positioned reports.
ALTER TABLE `telemetry` ADD `lat` real;--> statement-breakpoint
ALTER TABLE `telemetry` ADD `lng` real;--> statement-breakpoint
ALTER TABLE `telemetry` ADD `speed` real;--> statement-breakpoint
ALTER TABLE `telemetry` ADD `alarm_info` text;--> statement-breakpoint
ALTER TABLE `telemetry` ADD `alarm_value` real;--> statement-breakpoint
UPDATE `telemetry` SET lat = p.lat, lng = p.lng, speed = p.speed, alarm_info = p.alarm_info, alarm_value = p.alarm_value
  FROM `track_points` p WHERE p.device_id = `telemetry`.device_id AND p.gps_time = `telemetry`.device_time;--> statement-breakpoint
-- The rollup's and the buckets' watermarks of track points were ids of track_points; from here on they are ids of
-- telemetry: the last report whose position had been folded.
UPDATE `rollup_watermarks` SET `last_id` = coalesce((
  SELECT max(t.id) FROM `telemetry` t
  JOIN `track_points` p ON p.device_id = t.device_id AND p.gps_time = t.device_time
  WHERE p.id <= `rollup_watermarks`.`last_id`), 0)
  WHERE `name` IN ('track_points', 'buckets.track_points');--> statement-breakpoint
UPDATE `telemetry` SET data = CASE json_extract(data, '$.kind')
    WHEN 'aerialPlatform' THEN json_array(0, json(data -> '$.platformHeightM'), json(data -> '$.loadPct'), json(data -> '$.tiltDeg'), json(data -> '$.batteryV'), json(data -> '$.batteryPct'), json(data -> '$.driving'), json(data -> '$.lifting'), json(data -> '$.workingHours'), json(data -> '$.faults'))
    WHEN 'concretePump' THEN json_array(1, json(data -> '$.pumpStatus'), json(data -> '$.mode'), json(data -> '$.displacementM3h'), json(data -> '$.pressureMpa'), json(data -> '$.pumpCurrentA'), json(data -> '$.engineHours'), json(data -> '$.faults'))
    WHEN 'wetSprayer' THEN json_array(2, json(data -> '$.spraying'), json(data -> '$.sprayRateM3h'), json(data -> '$.pressureMpa'), json(data -> '$.acceleratorPct'), json(data -> '$.engineHours'), json(data -> '$.faults'))
    WHEN 'mower' THEN json_array(3, json(data -> '$.cutting'), json(data -> '$.bladeRpm'), json(data -> '$.batteryPct'), json(data -> '$.areaTodayM2'), json(data -> '$.workingHours'), json(data -> '$.faults'))
    WHEN 'boat' THEN json_array(4, json(data -> '$.engineRpm'), json(data -> '$.fuelPct'), json(data -> '$.waterTempC'), json(data -> '$.engineHours'), json(data -> '$.faults'))
    WHEN 'forklift' THEN json_array(5, json(data -> '$.loadKg'), json(data -> '$.forkHeightM'), json(data -> '$.batteryPct'), json(data -> '$.driving'), json(data -> '$.workingHours'), json(data -> '$.faults'))
    WHEN 'battery' THEN json_array(6, json(data -> '$.chargePct'), json(data -> '$.voltageV'), json(data -> '$.currentA'), json(data -> '$.temperatureC'), json(data -> '$.cycles'), json(data -> '$.faults'))
    WHEN 'charger' THEN json_array(7, json(data -> '$.state'), json(data -> '$.outputV'), json(data -> '$.outputA'), json(data -> '$.energyKwh'), json(data -> '$.faults'))
  END;--> statement-breakpoint
DROP TABLE `track_points`;--> statement-breakpoint
-- Track points are the reports that said where the machine was.
CREATE VIEW `track_points` AS
  SELECT id, device_id, device_time AS gps_time, received_at, lat, lng, speed, alarm_info, alarm_value
  FROM `telemetry` WHERE lat IS NOT NULL;
