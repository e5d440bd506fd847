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
CREATE INDEX `activity_pushes_due` ON `activity_pushes` (`appid`,`due_at`);