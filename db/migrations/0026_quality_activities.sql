CREATE TABLE `activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`appid` text NOT NULL,
	`title` text NOT NULL,
	`version` text DEFAULT '' NOT NULL,
	`platform` text NOT NULL,
	`image` text NOT NULL,
	`h5_path` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`updated_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `activities_app_end` ON `activities` (`appid`,`end_at`);--> statement-breakpoint
CREATE TABLE `activity_pushes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`activity_id` integer NOT NULL,
	`appid` text NOT NULL,
	`platform` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`due_at` integer NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `activity_pushes_activity` ON `activity_pushes` (`activity_id`,`due_at`);--> statement-breakpoint
CREATE INDEX `activity_pushes_due` ON `activity_pushes` (`appid`,`due_at`);--> statement-breakpoint
CREATE TABLE `quality_inspection_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inspection_id` integer NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`check` text NOT NULL,
	`reading` text,
	`min` real,
	`max` real,
	`result` text,
	`value` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`judged_by` integer,
	`judged_at` integer
);
--> statement-breakpoint
CREATE INDEX `quality_inspection_items_inspection` ON `quality_inspection_items` (`inspection_id`,`position`);--> statement-breakpoint
CREATE TABLE `quality_inspections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`org_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`kind` text NOT NULL,
	`model_id` integer NOT NULL,
	`reason` text NOT NULL,
	`state` text DEFAULT 'inProgress' NOT NULL,
	`previous_id` integer,
	`inspector_id` integer NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quality_inspections_org_state` ON `quality_inspections` (`org_id`,`state`,`started_at`);--> statement-breakpoint
CREATE INDEX `quality_inspections_device` ON `quality_inspections` (`device_id`);--> statement-breakpoint
CREATE INDEX `quality_inspections_previous` ON `quality_inspections` (`previous_id`);--> statement-breakpoint
CREATE TABLE `quality_plan_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`appid` text NOT NULL,
	`kind` text NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`check` text NOT NULL,
	`reading` text,
	`min` real,
	`max` real,
	`updated_by` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quality_plan_items_plan` ON `quality_plan_items` (`appid`,`kind`,`position`);