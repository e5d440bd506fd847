CREATE TABLE `payable_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payable_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`paid_on` text NOT NULL,
	`method` text NOT NULL,
	`reference` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'live' NOT NULL,
	`void_reason` text DEFAULT '' NOT NULL,
	`voided_by` integer,
	`voided_at` integer,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payable_payments_payable` ON `payable_payments` (`payable_id`,`id`);--> statement-breakpoint
CREATE TABLE `payables` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`org_id` integer NOT NULL,
	`sublessor_org_id` integer NOT NULL,
	`sublease_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`month` text NOT NULL,
	`from_on` text NOT NULL,
	`to_on` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`issued_on` text NOT NULL,
	`due_on` text NOT NULL,
	`void_reason` text DEFAULT '' NOT NULL,
	`voided_by` integer,
	`voided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payables_sublease_month` ON `payables` (`sublease_id`,`month`);--> statement-breakpoint
CREATE INDEX `payables_org_state` ON `payables` (`org_id`,`state`,`due_on`);--> statement-breakpoint
CREATE INDEX `payables_sublessor` ON `payables` (`sublessor_org_id`);--> statement-breakpoint
CREATE INDEX `payables_device_month` ON `payables` (`device_id`,`month`);