CREATE TABLE `daily_work` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`day` text NOT NULL,
	`time_zone` text NOT NULL,
	`kind` text NOT NULL,
	`owner_org_id` integer NOT NULL,
	`customer_org_id` integer,
	`distributor_org_id` integer,
	`contract_id` integer,
	`hours_worked` real DEFAULT 0 NOT NULL,
	`hours_powered` real DEFAULT 0 NOT NULL,
	`distance_km` real DEFAULT 0 NOT NULL,
	`volume_m3` real DEFAULT 0 NOT NULL,
	`area_m2` real DEFAULT 0 NOT NULL,
	`lifts` integer DEFAULT 0 NOT NULL,
	`energy_kwh` real DEFAULT 0 NOT NULL,
	`cycles` integer DEFAULT 0 NOT NULL,
	`reports` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_work_device_day` ON `daily_work` (`device_id`,`day`);--> statement-breakpoint
CREATE INDEX `daily_work_day` ON `daily_work` (`day`,`kind`);--> statement-breakpoint
CREATE INDEX `daily_work_owner_day` ON `daily_work` (`owner_org_id`,`day`);--> statement-breakpoint
CREATE INDEX `daily_work_customer_day` ON `daily_work` (`customer_org_id`,`day`);--> statement-breakpoint
CREATE TABLE `rollup_watermarks` (
	`name` text PRIMARY KEY NOT NULL,
	`last_id` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `work_cursors` (
	`device_id` integer PRIMARY KEY NOT NULL,
	`telemetry_at` integer,
	`state` text DEFAULT '{}' NOT NULL,
	`track_at` integer,
	`lat` real,
	`lng` real,
	`speed` real
);
