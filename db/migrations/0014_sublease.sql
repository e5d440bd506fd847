CREATE TABLE `subleases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`org_id` integer NOT NULL,
	`sublessor_org_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`state` text DEFAULT 'renting' NOT NULL,
	`start_on` text NOT NULL,
	`end_on` text NOT NULL,
	`returned_on` text,
	`business_model` integer NOT NULL,
	`day_cents` integer,
	`month_cents` integer,
	`cost_cents` integer NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`created_by` integer NOT NULL,
	`returned_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subleases_org_number` ON `subleases` (`org_id`,`number`);--> statement-breakpoint
CREATE INDEX `subleases_sublessor` ON `subleases` (`sublessor_org_id`);--> statement-breakpoint
CREATE INDEX `subleases_device` ON `subleases` (`device_id`);--> statement-breakpoint
CREATE TABLE `sublessors` (
	`org_id` integer PRIMARY KEY NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`identity_type` integer NOT NULL,
	`id_number` text DEFAULT '' NOT NULL,
	`bank_name` text DEFAULT '' NOT NULL,
	`bank_account_name` text DEFAULT '' NOT NULL,
	`bank_account` text DEFAULT '' NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sublessors_lessor` ON `sublessors` (`lessor_org_id`);