CREATE TABLE `invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`mobile` text NOT NULL,
	`area_code` text DEFAULT '86' NOT NULL,
	`name` text NOT NULL,
	`role_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`invited_by` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`user_id` integer,
	`closed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_code` ON `invitations` (`code_hash`);--> statement-breakpoint
CREATE INDEX `invitations_org` ON `invitations` (`org_id`,`state`);--> statement-breakpoint
CREATE TABLE `unbindings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`mobile` text NOT NULL,
	`area_code` text NOT NULL,
	`role_id` integer NOT NULL,
	`unbound_by` integer NOT NULL,
	`released` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `unbindings_org` ON `unbindings` (`org_id`);