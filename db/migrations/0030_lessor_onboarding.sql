CREATE TABLE `lessor_profiles` (
	`org_id` integer PRIMARY KEY NOT NULL,
	`appid` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `drop_requests` ADD `decided_by` integer;--> statement-breakpoint
ALTER TABLE `drop_requests` ADD `decided_at` integer;--> statement-breakpoint
ALTER TABLE `drop_requests` ADD `refusal` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `drop_requests` ADD `notified` integer DEFAULT false NOT NULL;