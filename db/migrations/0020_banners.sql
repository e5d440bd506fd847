CREATE TABLE `banners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`appid` text NOT NULL,
	`title` text NOT NULL,
	`image` text NOT NULL,
	`link` text DEFAULT '' NOT NULL,
	`sort_order` integer NOT NULL,
	`shown_from` text NOT NULL,
	`shown_to` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`updated_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `banners_app_order` ON `banners` (`appid`,`sort_order`);