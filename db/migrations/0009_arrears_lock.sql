CREATE TABLE `arrears_exemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contract_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`lifted_by` integer,
	`lifted_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `arrears_exemptions_active` ON `arrears_exemptions` (`contract_id`) WHERE lifted_at is null;--> statement-breakpoint
CREATE TABLE `arrears_steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contract_id` integer NOT NULL,
	`device_id` integer,
	`step` integer NOT NULL,
	`days_overdue` integer NOT NULL,
	`task_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`cleared_at` integer
);
--> statement-breakpoint
CREATE INDEX `arrears_steps_contract` ON `arrears_steps` (`contract_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `arrears_steps_open` ON `arrears_steps` (`contract_id`,`device_id`,`step`) WHERE cleared_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `arrears_steps_reminder` ON `arrears_steps` (`contract_id`) WHERE device_id is null and cleared_at is null;--> statement-breakpoint
ALTER TABLE `lock_day_settings` ADD `arrears_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `lock_day_settings` ADD `arrears_reminder_days` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `lock_day_settings` ADD `arrears_pre_lock1_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `lock_day_settings` ADD `arrears_lock1_days` integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE `lock_day_settings` ADD `arrears_pre_lock2_days` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `lock_day_settings` ADD `arrears_lock2_days` integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE `lock_day_settings` ADD `arrears_unlock_on_payment` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `risk_tasks` ADD `reason` text;