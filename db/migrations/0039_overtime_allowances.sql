CREATE TABLE `bill_overtime` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bill_id` integer NOT NULL,
	`lease_period_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`from_on` text NOT NULL,
	`to_on` text NOT NULL,
	`allowance_tenths` integer NOT NULL,
	`measured_tenths` integer,
	`computed_tenths` integer NOT NULL,
	`hours_tenths` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bill_overtime_bill` ON `bill_overtime` (`bill_id`);--> statement-breakpoint
CREATE INDEX `bill_overtime_period` ON `bill_overtime` (`lease_period_id`,`from_on`);--> statement-breakpoint
CREATE TABLE `overtime_adjustments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`overtime_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`from_tenths` integer NOT NULL,
	`to_tenths` integer NOT NULL,
	`from_cents` integer NOT NULL,
	`to_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `overtime_adjustments_overtime` ON `overtime_adjustments` (`overtime_id`);--> statement-breakpoint
ALTER TABLE `contract_lines` ADD `allowance_tenths` integer;--> statement-breakpoint
ALTER TABLE `contract_lines` ADD `overtime_cents` integer;