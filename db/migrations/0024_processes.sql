CREATE TABLE `process_definitions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`model_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`version` integer NOT NULL,
	`form_name` text NOT NULL,
	`form_revision` integer NOT NULL,
	`fields` text NOT NULL,
	`nodes` text NOT NULL,
	`state` text DEFAULT 'active' NOT NULL,
	`deployed_by` integer,
	`deployed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `process_definitions_version` ON `process_definitions` (`model_id`,`version`);--> statement-breakpoint
CREATE INDEX `process_definitions_org` ON `process_definitions` (`org_id`);--> statement-breakpoint
CREATE TABLE `process_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`instance_id` integer NOT NULL,
	`event` text NOT NULL,
	`node_index` integer,
	`by_user` integer,
	`to_user` integer,
	`comment` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `process_events_instance` ON `process_events` (`instance_id`);--> statement-breakpoint
CREATE TABLE `process_forms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`fields` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `process_forms_org` ON `process_forms` (`org_id`);--> statement-breakpoint
CREATE TABLE `process_instances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`org_id` integer NOT NULL,
	`definition_id` integer NOT NULL,
	`title` text NOT NULL,
	`data` text NOT NULL,
	`state` text DEFAULT 'running' NOT NULL,
	`current_node` integer,
	`started_by` integer NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE INDEX `process_instances_starter` ON `process_instances` (`started_by`,`state`);--> statement-breakpoint
CREATE INDEX `process_instances_org` ON `process_instances` (`org_id`);--> statement-breakpoint
CREATE TABLE `process_models` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`form_id` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`nodes` text NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`latest_version` integer DEFAULT 0 NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `process_models_key` ON `process_models` (`org_id`,`key`);--> statement-breakpoint
CREATE TABLE `process_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`instance_id` integer NOT NULL,
	`node_index` integer NOT NULL,
	`assignee_id` integer NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`handled_at` integer
);
--> statement-breakpoint
CREATE INDEX `process_tasks_assignee` ON `process_tasks` (`assignee_id`,`state`);--> statement-breakpoint
CREATE INDEX `process_tasks_instance` ON `process_tasks` (`instance_id`,`node_index`);