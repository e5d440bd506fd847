CREATE TABLE `app_settings` (
	`appid` text PRIMARY KEY NOT NULL,
	`org_id` integer NOT NULL,
	`service_phone` text NOT NULL,
	`service_hours` text DEFAULT '' NOT NULL,
	`service_email` text DEFAULT '' NOT NULL,
	`agreement_url` text NOT NULL,
	`privacy_url` text NOT NULL,
	`about` text DEFAULT '' NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL
);
