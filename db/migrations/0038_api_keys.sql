CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`secret_hash` text NOT NULL,
	`scope` text DEFAULT 'all' NOT NULL,
	`customer_org_id` integer,
	`device_ids` text DEFAULT '[]' NOT NULL,
	`expires_on` text NOT NULL,
	`expires_at` integer NOT NULL,
	`rate_per_minute` integer DEFAULT 60 NOT NULL,
	`last_used_at` integer,
	`request_count` integer DEFAULT 0 NOT NULL,
	`revoked_at` integer,
	`revoked_by` integer,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret` ON `api_keys` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_org` ON `api_keys` (`org_id`);