CREATE TABLE `bind_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`org_id` integer NOT NULL,
	`requester_id` integer NOT NULL,
	`requester_org_id` integer NOT NULL,
	`device_id` integer,
	`serial_number` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`role_id` integer,
	`reason` text DEFAULT '' NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bind_requests_org` ON `bind_requests` (`org_id`,`state`);--> statement-breakpoint
CREATE INDEX `bind_requests_requester` ON `bind_requests` (`requester_id`);--> statement-breakpoint
CREATE TABLE `verifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`org_id` integer NOT NULL,
	`user_id` integer,
	`id_type` integer DEFAULT 1 NOT NULL,
	`name` text NOT NULL,
	`id_number` text DEFAULT '' NOT NULL,
	`credit_code` text DEFAULT '' NOT NULL,
	`legal_person` text DEFAULT '' NOT NULL,
	`license_image` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`submitted_by` integer NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verifications_org` ON `verifications` (`org_id`,`state`);--> statement-breakpoint
CREATE INDEX `verifications_user` ON `verifications` (`user_id`);