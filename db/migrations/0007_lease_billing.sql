CREATE TABLE `allocations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receipt_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `allocations_receipt` ON `allocations` (`receipt_id`);--> statement-breakpoint
CREATE INDEX `allocations_bill` ON `allocations` (`bill_id`);--> statement-breakpoint
CREATE TABLE `bill_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bill_id` integer NOT NULL,
	`lease_period_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`business_model` integer NOT NULL,
	`day_cents` integer,
	`month_cents` integer,
	`from_on` text NOT NULL,
	`to_on` text NOT NULL,
	`days` integer NOT NULL,
	`amount_cents` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bill_lines_bill` ON `bill_lines` (`bill_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bill_lines_period_from` ON `bill_lines` (`lease_period_id`,`from_on`);--> statement-breakpoint
CREATE TABLE `billing_zones` (
	`lessor_org_id` integer PRIMARY KEY NOT NULL,
	`time_zone` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bills` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`kind` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`issued_on` text NOT NULL,
	`due_on` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bills_lessor` ON `bills` (`lessor_org_id`,`issued_on`);--> statement-breakpoint
CREATE INDEX `bills_renter` ON `bills` (`renter_org_id`,`lessor_org_id`,`state`,`due_on`);--> statement-breakpoint
CREATE INDEX `bills_contract` ON `bills` (`contract_id`,`period_end`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`type` text NOT NULL,
	`bill_id` integer,
	`receipt_id` integer,
	`subject` text DEFAULT '' NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`amount_cents` integer NOT NULL,
	`balance_cents` integer NOT NULL,
	`day` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ledger_renter` ON `ledger_entries` (`renter_org_id`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_lessor_day` ON `ledger_entries` (`lessor_org_id`,`day`);--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`method` text NOT NULL,
	`received_on` text NOT NULL,
	`reference` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_by` integer NOT NULL,
	`voided_at` integer,
	`voided_by` integer,
	`void_reason` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `receipts_renter` ON `receipts` (`renter_org_id`,`received_on`);--> statement-breakpoint
CREATE INDEX `receipts_lessor` ON `receipts` (`lessor_org_id`);