-- Day-valued fields become plain calendar days (YYYY-MM-DD; decision 026). A stored day was the start of that day
-- in the recorder's zone (UTC-12..UTC+12): twelve hours later it is inside the same day in UTC.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_fault_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`alarm_id` integer,
	`fault_types` text NOT NULL,
	`cause` text NOT NULL,
	`parts` text DEFAULT '' NOT NULL,
	`repair_method` text DEFAULT '' NOT NULL,
	`occurred_at` text NOT NULL,
	`repaired_at` text,
	`state` text DEFAULT 'open' NOT NULL,
	`reporter_name` text DEFAULT '' NOT NULL,
	`work_order_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_fault_records`("id", "org_id", "device_id", "alarm_id", "fault_types", "cause", "parts", "repair_method", "occurred_at", "repaired_at", "state", "reporter_name", "work_order_id", "created_by", "created_at") SELECT "id", "org_id", "device_id", "alarm_id", "fault_types", "cause", "parts", "repair_method", date("occurred_at" / 1000 + 43200, 'unixepoch'), date("repaired_at" / 1000 + 43200, 'unixepoch'), "state", "reporter_name", "work_order_id", "created_by", "created_at" FROM `fault_records`;--> statement-breakpoint
DROP TABLE `fault_records`;--> statement-breakpoint
ALTER TABLE `__new_fault_records` RENAME TO `fault_records`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `fault_records_device` ON `fault_records` (`device_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `fault_records_occurred` ON `fault_records` (`occurred_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `fault_records_alarm` ON `fault_records` (`alarm_id`);--> statement-breakpoint
CREATE TABLE `__new_controllers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`serial_number` text NOT NULL,
	`model` text NOT NULL,
	`firmware_version` text DEFAULT '' NOT NULL,
	`device_id` integer,
	`sim_card_id` integer,
	`installed_at` text,
	`remark` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_controllers`("id", "org_id", "serial_number", "model", "firmware_version", "device_id", "sim_card_id", "installed_at", "remark", "created_at") SELECT "id", "org_id", "serial_number", "model", "firmware_version", "device_id", "sim_card_id", date("installed_at" / 1000 + 43200, 'unixepoch'), "remark", "created_at" FROM `controllers`;--> statement-breakpoint
DROP TABLE `controllers`;--> statement-breakpoint
ALTER TABLE `__new_controllers` RENAME TO `controllers`;--> statement-breakpoint
CREATE UNIQUE INDEX `controllers_serial` ON `controllers` (`serial_number`);--> statement-breakpoint
CREATE INDEX `controllers_org` ON `controllers` (`org_id`);--> statement-breakpoint
CREATE INDEX `controllers_device` ON `controllers` (`device_id`);--> statement-breakpoint
CREATE TABLE `__new_gps_gateways` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`imei` text NOT NULL,
	`plate` text DEFAULT '' NOT NULL,
	`device_id` integer,
	`sim_card_id` integer,
	`positioning` text DEFAULT 'gps' NOT NULL,
	`installed_at` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_gps_gateways`("id", "org_id", "imei", "plate", "device_id", "sim_card_id", "positioning", "installed_at", "created_at") SELECT "id", "org_id", "imei", "plate", "device_id", "sim_card_id", "positioning", date("installed_at" / 1000 + 43200, 'unixepoch'), "created_at" FROM `gps_gateways`;--> statement-breakpoint
DROP TABLE `gps_gateways`;--> statement-breakpoint
ALTER TABLE `__new_gps_gateways` RENAME TO `gps_gateways`;--> statement-breakpoint
CREATE UNIQUE INDEX `gps_gateways_imei` ON `gps_gateways` (`imei`);--> statement-breakpoint
CREATE INDEX `gps_gateways_org` ON `gps_gateways` (`org_id`);--> statement-breakpoint
CREATE INDEX `gps_gateways_device` ON `gps_gateways` (`device_id`);--> statement-breakpoint
CREATE TABLE `__new_purchase_infos` (
	`device_id` integer PRIMARY KEY NOT NULL,
	`org_id` integer NOT NULL,
	`original_value` real NOT NULL,
	`salvage_mode` text NOT NULL,
	`salvage_rate` real,
	`salvage_value` real NOT NULL,
	`purchased_at` text,
	`photos` text DEFAULT '[]' NOT NULL,
	`documents` text DEFAULT '[]' NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
INSERT INTO `__new_purchase_infos`("device_id", "org_id", "original_value", "salvage_mode", "salvage_rate", "salvage_value", "purchased_at", "photos", "documents", "updated_at") SELECT "device_id", "org_id", "original_value", "salvage_mode", "salvage_rate", "salvage_value", date("purchased_at" / 1000 + 43200, 'unixepoch'), "photos", "documents", "updated_at" FROM `purchase_infos`;--> statement-breakpoint
DROP TABLE `purchase_infos`;--> statement-breakpoint
ALTER TABLE `__new_purchase_infos` RENAME TO `purchase_infos`;--> statement-breakpoint
CREATE TABLE `__new_upkeep_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`interval` text NOT NULL,
	`interval_hours` integer,
	`content` text DEFAULT '' NOT NULL,
	`last_done_at` text NOT NULL,
	`last_done_hours` real DEFAULT 0 NOT NULL,
	`next_due_at` text,
	`next_due_hours` real,
	`work_order_id` integer,
	`raised_hours` real,
	`last_work_order_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_upkeep_plans`("id", "org_id", "device_id", "interval", "interval_hours", "content", "last_done_at", "last_done_hours", "next_due_at", "next_due_hours", "work_order_id", "raised_hours", "last_work_order_id", "created_by", "created_at") SELECT "id", "org_id", "device_id", "interval", "interval_hours", "content", date("last_done_at" / 1000 + 43200, 'unixepoch'), "last_done_hours", date("next_due_at" / 1000 + 43200, 'unixepoch'), "next_due_hours", "work_order_id", "raised_hours", "last_work_order_id", "created_by", "created_at" FROM `upkeep_plans`;--> statement-breakpoint
DROP TABLE `upkeep_plans`;--> statement-breakpoint
ALTER TABLE `__new_upkeep_plans` RENAME TO `upkeep_plans`;--> statement-breakpoint
CREATE INDEX `upkeep_plans_device` ON `upkeep_plans` (`device_id`);--> statement-breakpoint
CREATE INDEX `upkeep_plans_due` ON `upkeep_plans` (`next_due_at`);--> statement-breakpoint
CREATE INDEX `upkeep_plans_work_order` ON `upkeep_plans` (`work_order_id`);