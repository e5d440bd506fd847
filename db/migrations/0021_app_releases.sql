CREATE TABLE `app_releases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`appid` text NOT NULL,
	`platform` text NOT NULL,
	`version` text NOT NULL,
	`notes` text NOT NULL,
	`download_url` text NOT NULL,
	`mandatory` integer DEFAULT false NOT NULL,
	`published_by` integer,
	`published_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `app_releases_version` ON `app_releases` (`appid`,`platform`,`version`);