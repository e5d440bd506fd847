CREATE TABLE `account_tickets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `drop_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `known_addresses` (
	`user_id` integer NOT NULL,
	`ip` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `known_addresses_user_ip` ON `known_addresses` (`user_id`,`ip`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account` text NOT NULL,
	`ip` text NOT NULL,
	`success` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_account` ON `login_attempts` (`account`,`created_at`);--> statement-breakpoint
CREATE TABLE `organisations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`parent_id` integer,
	`lease_type` integer DEFAULT 0 NOT NULL,
	`contact_name` text DEFAULT '' NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`province` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`district` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`credit_code` text DEFAULT '' NOT NULL,
	`legal_person` text DEFAULT '' NOT NULL,
	`license_image` text DEFAULT '' NOT NULL,
	`verify_status` text DEFAULT 'none' NOT NULL,
	`invoice_title` text DEFAULT '' NOT NULL,
	`tax_number` text DEFAULT '' NOT NULL,
	`invoice_bank` text DEFAULT '' NOT NULL,
	`invoice_account` text DEFAULT '' NOT NULL,
	`invoice_address` text DEFAULT '' NOT NULL,
	`invoice_phone` text DEFAULT '' NOT NULL,
	`invoice_type` text DEFAULT 'ordinary' NOT NULL,
	`tax_rate` real DEFAULT 0.13 NOT NULL,
	`rental_domestic` integer DEFAULT false NOT NULL,
	`rental_foreign` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `organisations_parent` ON `organisations` (`parent_id`);--> statement-breakpoint
CREATE TABLE `qr_logins` (
	`uuid` text PRIMARY KEY NOT NULL,
	`appid` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'waiting' NOT NULL,
	`user_id` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`ip` text DEFAULT '' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `sms_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mobile` text NOT NULL,
	`area_code` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`ip` text DEFAULT '' NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`failed_tries` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_codes_phone` ON `sms_codes` (`area_code`,`mobile`,`purpose`);--> statement-breakpoint
CREATE TABLE `sms_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mobile` text NOT NULL,
	`area_code` text NOT NULL,
	`text` text NOT NULL,
	`code` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_outbox_mobile` ON `sms_outbox` (`mobile`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`name` text PRIMARY KEY NOT NULL,
	`org_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `uploads_org` ON `uploads` (`org_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`mobile` text NOT NULL,
	`area_code` text DEFAULT '86' NOT NULL,
	`password_hash` text NOT NULL,
	`nickname` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`avatar` text DEFAULT '' NOT NULL,
	`introduction` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`role_id` integer NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`id_type` integer DEFAULT 1 NOT NULL,
	`id_number` text DEFAULT '' NOT NULL,
	`real_name_verified` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone` ON `users` (`area_code`,`mobile`);--> statement-breakpoint
CREATE INDEX `users_org` ON `users` (`org_id`);--> statement-breakpoint
CREATE TABLE `commands` (
	`id` text PRIMARY KEY NOT NULL,
	`device_id` integer NOT NULL,
	`org_id` integer NOT NULL,
	`type` text NOT NULL,
	`lock_level` text,
	`lock_mode` text,
	`params` text,
	`state` text DEFAULT 'queued' NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`reported` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`expires_at` integer NOT NULL,
	`sent_at` integer,
	`delivered_at` integer,
	`finished_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `commands_device_state` ON `commands` (`device_id`,`state`);--> statement-breakpoint
CREATE INDEX `commands_state_expires` ON `commands` (`state`,`expires_at`);--> statement-breakpoint
CREATE INDEX `commands_created` ON `commands` (`created_at`);--> statement-breakpoint
CREATE TABLE `device_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`event` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `device_logs_device_at` ON `device_logs` (`device_id`,`at`);--> statement-breakpoint
CREATE TABLE `device_models` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`image` text NOT NULL,
	`brand` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `device_models_org` ON `device_models` (`org_id`);--> statement-breakpoint
CREATE TABLE `devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`customer_org_id` integer,
	`distributor_org_id` integer,
	`model_id` integer NOT NULL,
	`kind` text NOT NULL,
	`serial_number` text NOT NULL,
	`host_serial` text DEFAULT '' NOT NULL,
	`host_name` text DEFAULT '' NOT NULL,
	`device_name` text DEFAULT '' NOT NULL,
	`host_type` text DEFAULT '' NOT NULL,
	`brand` text DEFAULT '' NOT NULL,
	`machine_number` text DEFAULT '' NOT NULL,
	`gps_serial` text DEFAULT '' NOT NULL,
	`positioning` text DEFAULT 'gps' NOT NULL,
	`license_plate` text DEFAULT '' NOT NULL,
	`engine_number` text DEFAULT '' NOT NULL,
	`frame_number` text DEFAULT '' NOT NULL,
	`installed_at` integer,
	`location` text DEFAULT '' NOT NULL,
	`lat` real,
	`lng` real,
	`speed` real DEFAULT 0 NOT NULL,
	`signal` text DEFAULT 'none' NOT NULL,
	`inventory_state` text DEFAULT 'inventory' NOT NULL,
	`lease_status` text DEFAULT 'stock' NOT NULL,
	`service_expires_at` integer,
	`fence_id` integer,
	`online` integer DEFAULT false NOT NULL,
	`sleeping` integer DEFAULT false NOT NULL,
	`lock_level` text DEFAULT 'unlocked' NOT NULL,
	`machine_online` integer DEFAULT false NOT NULL,
	`activity` text DEFAULT 'stopped' NOT NULL,
	`alarm_open` integer DEFAULT false NOT NULL,
	`status` integer DEFAULT 2 NOT NULL,
	`working_hours` real DEFAULT 0 NOT NULL,
	`latest` text,
	`last_device_time` integer,
	`last_report_at` integer,
	`report_interval_s` integer DEFAULT 10 NOT NULL,
	`overspeed_kmh` real DEFAULT 0 NOT NULL,
	`mqtt_secret_hash` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_serial` ON `devices` (`serial_number`);--> statement-breakpoint
CREATE INDEX `devices_org_status` ON `devices` (`org_id`,`status`);--> statement-breakpoint
CREATE INDEX `devices_customer` ON `devices` (`customer_org_id`);--> statement-breakpoint
CREATE INDEX `devices_distributor` ON `devices` (`distributor_org_id`);--> statement-breakpoint
CREATE INDEX `devices_kind` ON `devices` (`kind`);--> statement-breakpoint
CREATE INDEX `devices_service_expiry` ON `devices` (`service_expires_at`);--> statement-breakpoint
CREATE TABLE `operation_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`user_id` integer,
	`action` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`command_id` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `operation_logs_device_at` ON `operation_logs` (`device_id`,`at`);--> statement-breakpoint
CREATE TABLE `telemetry` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`device_time` integer NOT NULL,
	`received_at` integer NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `telemetry_device_time` ON `telemetry` (`device_id`,`device_time`);--> statement-breakpoint
CREATE TABLE `track_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`gps_time` integer NOT NULL,
	`received_at` integer NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`speed` real NOT NULL,
	`alarm_info` text DEFAULT '' NOT NULL,
	`alarm_value` real
);
--> statement-breakpoint
CREATE INDEX `track_points_device_time` ON `track_points` (`device_id`,`gps_time`);--> statement-breakpoint
CREATE TABLE `sim_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`iccid` text NOT NULL,
	`imei` text NOT NULL,
	`carrier` text NOT NULL,
	`service_expires_at` integer,
	`device_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sim_cards_iccid` ON `sim_cards` (`iccid`);--> statement-breakpoint
CREATE INDEX `sim_cards_org` ON `sim_cards` (`org_id`);--> statement-breakpoint
CREATE INDEX `sim_cards_device` ON `sim_cards` (`device_id`);--> statement-breakpoint
CREATE TABLE `alarms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`type` text NOT NULL,
	`level` integer DEFAULT 2 NOT NULL,
	`value` real,
	`detail` text DEFAULT '' NOT NULL,
	`project_name` text DEFAULT '' NOT NULL,
	`zone_name` text DEFAULT '' NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`handled_at` integer,
	`handled_by` integer,
	`remark` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `alarms_device_started` ON `alarms` (`device_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `alarms_open` ON `alarms` (`handled_at`,`started_at`);--> statement-breakpoint
CREATE INDEX `alarms_device_ended` ON `alarms` (`device_id`,`ended_at`);