CREATE TABLE `notification_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`notification_id` integer NOT NULL,
	`rule_id` integer,
	`step` integer DEFAULT 0 NOT NULL,
	`channel` text NOT NULL,
	`user_id` integer,
	`recipient` text NOT NULL,
	`address` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`answer` text DEFAULT '' NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notification_deliveries_org` ON `notification_deliveries` (`org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_notification` ON `notification_deliveries` (`notification_id`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_due` ON `notification_deliveries` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_rule` ON `notification_deliveries` (`rule_id`,`state`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_address` ON `notification_deliveries` (`address`,`created_at`);--> statement-breakpoint
CREATE TABLE `notification_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`events` text NOT NULL,
	`min_level` integer DEFAULT 1 NOT NULL,
	`selector` text DEFAULT 'all' NOT NULL,
	`kind` text,
	`fence_id` integer,
	`customer_org_id` integer,
	`device_ids` text DEFAULT '[]' NOT NULL,
	`offline_minutes` integer DEFAULT 0 NOT NULL,
	`steps` text NOT NULL,
	`webhook_url` text DEFAULT '' NOT NULL,
	`webhook_secret` text DEFAULT '' NOT NULL,
	`quiet_start` text DEFAULT '' NOT NULL,
	`quiet_end` text DEFAULT '' NOT NULL,
	`damping_minutes` integer DEFAULT 10 NOT NULL,
	`digest_threshold` integer DEFAULT 20 NOT NULL,
	`created_by` integer NOT NULL,
	`updated_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notification_rules_org` ON `notification_rules` (`org_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`rule_id` integer,
	`event` text NOT NULL,
	`level` integer DEFAULT 2 NOT NULL,
	`device_id` integer,
	`alarm_id` integer,
	`digest_count` integer DEFAULT 0 NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`step` integer DEFAULT 0 NOT NULL,
	`next_step_at` integer,
	`ack_token` text NOT NULL,
	`acknowledged_at` integer,
	`acknowledged_by` text DEFAULT '' NOT NULL,
	`cleared_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_ack_token` ON `notifications` (`ack_token`);--> statement-breakpoint
CREATE INDEX `notifications_org` ON `notifications` (`org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_due` ON `notifications` (`next_step_at`);--> statement-breakpoint
CREATE INDEX `notifications_alarm` ON `notifications` (`alarm_id`);--> statement-breakpoint
CREATE INDEX `notifications_rule_device` ON `notifications` (`rule_id`,`device_id`,`event`,`created_at`);--> statement-breakpoint
CREATE TABLE `quote_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` integer NOT NULL,
	`action` text NOT NULL,
	`user_id` integer,
	`from_state` text DEFAULT '' NOT NULL,
	`to_state` text DEFAULT '' NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quote_events_quote` ON `quote_events` (`quote_id`,`at`);--> statement-breakpoint
CREATE TABLE `quote_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` integer NOT NULL,
	`device_id` integer,
	`model_id` integer,
	`count` integer DEFAULT 1 NOT NULL,
	`business_model` integer NOT NULL,
	`list_day_cents` integer,
	`list_month_cents` integer,
	`discount_bp` integer DEFAULT 0 NOT NULL,
	`day_cents` integer,
	`month_cents` integer,
	`amount_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quote_lines_quote` ON `quote_lines` (`quote_id`);--> statement-breakpoint
CREATE TABLE `quote_settings` (
	`org_id` integer PRIMARY KEY NOT NULL,
	`max_discount_bp` integer DEFAULT 1000 NOT NULL,
	`updated_by` integer,
	`updated_at` integer
);
--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`org_id` integer NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`renter_org_id` integer,
	`prospect_name` text DEFAULT '' NOT NULL,
	`prospect_contact` text DEFAULT '' NOT NULL,
	`prospect_phone` text DEFAULT '' NOT NULL,
	`store_id` integer NOT NULL,
	`salesperson_id` integer,
	`created_by` integer NOT NULL,
	`valid_until` text NOT NULL,
	`start_on` text NOT NULL,
	`end_on` text NOT NULL,
	`site_province` text DEFAULT '' NOT NULL,
	`site_city` text DEFAULT '' NOT NULL,
	`site_district` text DEFAULT '' NOT NULL,
	`site_address` text DEFAULT '' NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`lang` text DEFAULT 'zh' NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`contract_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_org_number` ON `quotes` (`org_id`,`number`);--> statement-breakpoint
CREATE INDEX `quotes_org_state` ON `quotes` (`org_id`,`state`);--> statement-breakpoint
CREATE INDEX `quotes_contract` ON `quotes` (`contract_id`);--> statement-breakpoint
CREATE INDEX `quotes_valid` ON `quotes` (`state`,`valid_until`);--> statement-breakpoint
CREATE TABLE `reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`store_id` integer NOT NULL,
	`quote_id` integer,
	`contract_id` integer,
	`device_id` integer,
	`model_id` integer,
	`count` integer DEFAULT 1 NOT NULL,
	`start_on` text NOT NULL,
	`end_on` text NOT NULL,
	`state` text DEFAULT 'held' NOT NULL,
	`end_reason` text DEFAULT '' NOT NULL,
	`ended_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reservations_device` ON `reservations` (`device_id`,`state`);--> statement-breakpoint
CREATE INDEX `reservations_model` ON `reservations` (`store_id`,`model_id`,`state`);--> statement-breakpoint
CREATE INDEX `reservations_quote` ON `reservations` (`quote_id`);--> statement-breakpoint
CREATE INDEX `reservations_contract` ON `reservations` (`contract_id`);