CREATE TABLE `device_cameras` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`org_id` integer NOT NULL,
	`channel` integer NOT NULL,
	`name` text NOT NULL,
	`position` text NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`updated_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `device_cameras_channel` ON `device_cameras` (`device_id`,`channel`);--> statement-breakpoint
CREATE INDEX `device_cameras_org` ON `device_cameras` (`org_id`);