CREATE TABLE `identity_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`viewer_id` integer NOT NULL,
	`subject_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `identity_views_subject` ON `identity_views` (`subject_id`);