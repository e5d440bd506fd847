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
CREATE TABLE `alarm_rules` (
	`org_id` integer NOT NULL,
	`kind` text NOT NULL,
	`load80` real NOT NULL,
	`load90` real NOT NULL,
	`load99` real NOT NULL,
	`tilt_deg` real NOT NULL,
	`overspeed_kmh` real NOT NULL,
	`low_battery_pct` real NOT NULL,
	`offline` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`org_id`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `fault_cases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`machine_kind` text NOT NULL,
	`fault_types` text NOT NULL,
	`title` text NOT NULL,
	`symptom` text NOT NULL,
	`cause` text NOT NULL,
	`solution` text NOT NULL,
	`parts` text DEFAULT '' NOT NULL,
	`author_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fault_cases_org_kind` ON `fault_cases` (`org_id`,`machine_kind`);--> statement-breakpoint
CREATE INDEX `fault_cases_updated` ON `fault_cases` (`updated_at`);--> statement-breakpoint
CREATE TABLE `device_expenses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`org_id` integer NOT NULL,
	`type` text NOT NULL,
	`amount_fen` integer NOT NULL,
	`date` text NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `device_expenses_device_date` ON `device_expenses` (`device_id`,`date`);--> statement-breakpoint
CREATE INDEX `device_expenses_org_date` ON `device_expenses` (`org_id`,`date`);--> statement-breakpoint
CREATE TABLE `device_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`org_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `device_files_device` ON `device_files` (`device_id`);--> statement-breakpoint
CREATE INDEX `device_files_file` ON `device_files` (`file_name`);--> statement-breakpoint
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
CREATE INDEX `devices_fence` ON `devices` (`fence_id`);--> statement-breakpoint
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
CREATE TABLE `fault_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`alarm_id` integer,
	`fault_types` text NOT NULL,
	`cause` text NOT NULL,
	`parts` text DEFAULT '' NOT NULL,
	`repair_method` text DEFAULT '' NOT NULL,
	`occurred_at` integer NOT NULL,
	`repaired_at` integer,
	`state` text DEFAULT 'open' NOT NULL,
	`reporter_name` text DEFAULT '' NOT NULL,
	`work_order_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fault_records_device` ON `fault_records` (`device_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `fault_records_occurred` ON `fault_records` (`occurred_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `fault_records_alarm` ON `fault_records` (`alarm_id`);--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`reporter_org_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`info` text NOT NULL,
	`reporter_name` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`images` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`handled_by` integer,
	`handled_at` integer,
	`work_order_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feedback_org_status` ON `feedback` (`org_id`,`status`);--> statement-breakpoint
CREATE INDEX `feedback_reporter` ON `feedback` (`reporter_org_id`);--> statement-breakpoint
CREATE INDEX `feedback_created` ON `feedback` (`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_work_order` ON `feedback` (`work_order_id`);--> statement-breakpoint
CREATE TABLE `fences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`shape` text NOT NULL,
	`map_provider` text DEFAULT 'global' NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`alarm_start` text NOT NULL,
	`alarm_end` text NOT NULL,
	`time_zone` text NOT NULL,
	`daily_limit_hours` real,
	`contact_name` text DEFAULT '' NOT NULL,
	`area_code` text DEFAULT '86' NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fences_org` ON `fences` (`org_id`);--> statement-breakpoint
CREATE TABLE `accessories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`name` text NOT NULL,
	`spec` text DEFAULT '' NOT NULL,
	`quantity` integer NOT NULL,
	`serial` text DEFAULT '' NOT NULL,
	`value` real NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `accessories_device` ON `accessories` (`device_id`);--> statement-breakpoint
CREATE INDEX `accessories_org` ON `accessories` (`org_id`);--> statement-breakpoint
CREATE TABLE `controllers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`serial_number` text NOT NULL,
	`model` text NOT NULL,
	`firmware_version` text DEFAULT '' NOT NULL,
	`device_id` integer,
	`sim_card_id` integer,
	`installed_at` integer,
	`remark` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `controllers_serial` ON `controllers` (`serial_number`);--> statement-breakpoint
CREATE INDEX `controllers_org` ON `controllers` (`org_id`);--> statement-breakpoint
CREATE INDEX `controllers_device` ON `controllers` (`device_id`);--> statement-breakpoint
CREATE TABLE `gps_gateways` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`imei` text NOT NULL,
	`plate` text DEFAULT '' NOT NULL,
	`device_id` integer,
	`sim_card_id` integer,
	`positioning` text DEFAULT 'gps' NOT NULL,
	`installed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gps_gateways_imei` ON `gps_gateways` (`imei`);--> statement-breakpoint
CREATE INDEX `gps_gateways_org` ON `gps_gateways` (`org_id`);--> statement-breakpoint
CREATE INDEX `gps_gateways_device` ON `gps_gateways` (`device_id`);--> statement-breakpoint
CREATE TABLE `purchase_infos` (
	`device_id` integer PRIMARY KEY NOT NULL,
	`org_id` integer NOT NULL,
	`original_value` real NOT NULL,
	`salvage_mode` text NOT NULL,
	`salvage_rate` real,
	`salvage_value` real NOT NULL,
	`purchased_at` integer,
	`photos` text DEFAULT '[]' NOT NULL,
	`documents` text DEFAULT '[]' NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE TABLE `virtual_hosts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`host_number` text NOT NULL,
	`installation_type` text NOT NULL,
	`brand` text NOT NULL,
	`platform_height` real NOT NULL,
	`power_source` text NOT NULL,
	`equipment_height` real NOT NULL,
	`customer_name` text DEFAULT '' NOT NULL,
	`lease_status` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `virtual_hosts_org_number` ON `virtual_hosts` (`org_id`,`host_number`);--> statement-breakpoint
CREATE TABLE `lock_day_marks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`level` integer NOT NULL,
	`service_expires_at` integer NOT NULL,
	`task_id` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lock_day_marks_step` ON `lock_day_marks` (`device_id`,`level`,`service_expires_at`);--> statement-breakpoint
CREATE TABLE `lock_day_settings` (
	`org_id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`pre_lock_days` integer DEFAULT 0 NOT NULL,
	`interval_days` integer DEFAULT 3 NOT NULL,
	`mode` integer DEFAULT 2 NOT NULL,
	`updated_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `risk_task_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`command_id` text,
	`outcome` text,
	`note` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `risk_task_items_task` ON `risk_task_items` (`task_id`);--> statement-breakpoint
CREATE INDEX `risk_task_items_device` ON `risk_task_items` (`device_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `risk_task_items_command` ON `risk_task_items` (`command_id`);--> statement-breakpoint
CREATE TABLE `risk_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`kind` text NOT NULL,
	`task_type` integer NOT NULL,
	`level` integer NOT NULL,
	`mode` integer NOT NULL,
	`delay_hours` real,
	`due_at` integer NOT NULL,
	`fired_at` integer,
	`automatic` integer DEFAULT false NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `risk_tasks_due` ON `risk_tasks` (`fired_at`,`due_at`);--> statement-breakpoint
CREATE INDEX `risk_tasks_created` ON `risk_tasks` (`created_at`);--> statement-breakpoint
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
CREATE TABLE `technician_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`skills` text DEFAULT '[]' NOT NULL,
	`updated_by` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `upkeep_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`interval` text NOT NULL,
	`interval_hours` integer,
	`content` text DEFAULT '' NOT NULL,
	`last_done_at` integer NOT NULL,
	`last_done_hours` real DEFAULT 0 NOT NULL,
	`next_due_at` integer,
	`next_due_hours` real,
	`work_order_id` integer,
	`raised_hours` real,
	`last_work_order_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `upkeep_plans_device` ON `upkeep_plans` (`device_id`);--> statement-breakpoint
CREATE INDEX `upkeep_plans_due` ON `upkeep_plans` (`next_due_at`);--> statement-breakpoint
CREATE INDEX `upkeep_plans_work_order` ON `upkeep_plans` (`work_order_id`);--> statement-breakpoint
CREATE TABLE `alarm_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`alarm_id` integer NOT NULL,
	`action` text NOT NULL,
	`user_id` integer NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `alarm_actions_alarm` ON `alarm_actions` (`alarm_id`,`at`);--> statement-breakpoint
CREATE TABLE `alarms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`type` text NOT NULL,
	`level` integer DEFAULT 2 NOT NULL,
	`value` real,
	`threshold` real,
	`detail` text DEFAULT '' NOT NULL,
	`project_name` text DEFAULT '' NOT NULL,
	`zone_name` text DEFAULT '' NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`handled_at` integer,
	`handled_by` integer,
	`remark` text DEFAULT '' NOT NULL,
	`acknowledged_at` integer,
	`acknowledged_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `alarms_device_started` ON `alarms` (`device_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `alarms_open` ON `alarms` (`handled_at`,`started_at`);--> statement-breakpoint
CREATE INDEX `alarms_started` ON `alarms` (`started_at`);--> statement-breakpoint
CREATE INDEX `alarms_device_ended` ON `alarms` (`device_id`,`ended_at`);--> statement-breakpoint
CREATE TABLE `work_order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`work_order_id` integer NOT NULL,
	`action` text NOT NULL,
	`user_id` integer NOT NULL,
	`from_status` integer,
	`to_status` integer,
	`remark` text DEFAULT '' NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `work_order_events_order` ON `work_order_events` (`work_order_id`,`at`);--> statement-breakpoint
CREATE TABLE `work_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`title` text NOT NULL,
	`type` integer DEFAULT 1 NOT NULL,
	`level` integer DEFAULT 3 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`suspended_from` integer,
	`device_id` integer NOT NULL,
	`device_kind` text NOT NULL,
	`org_id` integer NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`source_id` integer,
	`province` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`district` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`area_code` text DEFAULT '86' NOT NULL,
	`phone` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`attachments` text DEFAULT '[]' NOT NULL,
	`assignee_id` integer,
	`solver_id` integer,
	`settled` integer DEFAULT false NOT NULL,
	`payment_amount` real,
	`remark` text DEFAULT '' NOT NULL,
	`fault_types` text DEFAULT '[]' NOT NULL,
	`fault_cause` text DEFAULT '' NOT NULL,
	`parts_used` text DEFAULT '' NOT NULL,
	`repair_method` text DEFAULT '' NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `work_orders_number` ON `work_orders` (`number`);--> statement-breakpoint
CREATE INDEX `work_orders_created` ON `work_orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `work_orders_device` ON `work_orders` (`device_id`);--> statement-breakpoint
CREATE INDEX `work_orders_org_status` ON `work_orders` (`org_id`,`status`);--> statement-breakpoint
CREATE INDEX `work_orders_assignee` ON `work_orders` (`assignee_id`,`status`);--> statement-breakpoint
CREATE INDEX `work_orders_source` ON `work_orders` (`source`,`source_id`);