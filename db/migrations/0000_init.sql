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
CREATE TABLE `alarms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`project_name` text DEFAULT '' NOT NULL,
	`zone_name` text DEFAULT '' NOT NULL,
	`alarm_type` text NOT NULL,
	`alarm_info` text DEFAULT '' NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`handled_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `alarms_org_started` ON `alarms` (`org_id`,`started_at`);