CREATE TABLE `retention_settings` (
	`org_id` integer PRIMARY KEY NOT NULL,
	`raw_days` integer NOT NULL,
	`bucket_days` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `telemetry_buckets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`bucket_at` integer NOT NULL,
	`reports` integer DEFAULT 0 NOT NULL,
	`first_at` integer,
	`first_data` text,
	`last_at` integer,
	`last_received_at` integer,
	`last_data` text,
	`stats` text DEFAULT '{}' NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`gps_at` integer,
	`gps_received_at` integer,
	`lat` real,
	`lng` real,
	`speed` real,
	`alarm_info` text,
	`alarm_value` real
);
--> statement-breakpoint
CREATE UNIQUE INDEX `telemetry_buckets_device_at` ON `telemetry_buckets` (`device_id`,`bucket_at`);--> statement-breakpoint
CREATE INDEX `telemetry_buckets_at` ON `telemetry_buckets` (`bucket_at`);