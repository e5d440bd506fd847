CREATE TABLE `notify_marks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`event` text NOT NULL,
	`subject` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notify_marks_subject` ON `notify_marks` (`event`,`subject`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `addressees` text DEFAULT '[]' NOT NULL;