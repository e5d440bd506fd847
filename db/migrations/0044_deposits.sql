CREATE TABLE `charge_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`pricing` text NOT NULL,
	`cents` integer,
	`bands` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_by` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `charge_prices_org` ON `charge_prices` (`org_id`,`kind`);--> statement-breakpoint
CREATE TABLE `charges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`kind` text NOT NULL,
	`price_id` integer,
	`price_name` text DEFAULT '' NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`distance_km` integer,
	`unit_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`handover_id` integer,
	`device_id` integer,
	`photos` text DEFAULT '[]' NOT NULL,
	`billing` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`bill_id` integer,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`cancelled_at` integer,
	`cancelled_by` integer,
	`cancel_reason` text
);
--> statement-breakpoint
CREATE INDEX `charges_contract` ON `charges` (`contract_id`,`state`);--> statement-breakpoint
CREATE INDEX `charges_org_state` ON `charges` (`org_id`,`state`);--> statement-breakpoint
CREATE INDEX `charges_bill` ON `charges` (`bill_id`);--> statement-breakpoint
CREATE TABLE `credit_note_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`credit_note_id` integer NOT NULL,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `credit_note_lines_note` ON `credit_note_lines` (`credit_note_id`);--> statement-breakpoint
CREATE TABLE `credit_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`contract_id` integer,
	`issued_on` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number` ON `credit_notes` (`number`);--> statement-breakpoint
CREATE INDEX `credit_notes_bill` ON `credit_notes` (`bill_id`);--> statement-breakpoint
CREATE INDEX `credit_notes_org_day` ON `credit_notes` (`org_id`,`issued_on`);--> statement-breakpoint
CREATE TABLE `deposit_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`deposit_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`receipt_id` integer,
	`bill_id` integer,
	`method` text,
	`reference` text DEFAULT '' NOT NULL,
	`reason` text,
	`note` text DEFAULT '' NOT NULL,
	`day` text NOT NULL,
	`user_id` integer,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deposit_moves_deposit` ON `deposit_moves` (`deposit_id`,`id`);--> statement-breakpoint
CREATE TABLE `deposits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`contract_id` integer NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`received_cents` integer DEFAULT 0 NOT NULL,
	`applied_cents` integer DEFAULT 0 NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT 'requested' NOT NULL,
	`requested_on` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_contract` ON `deposits` (`contract_id`);--> statement-breakpoint
CREATE INDEX `deposits_lessor` ON `deposits` (`lessor_org_id`,`state`);--> statement-breakpoint
CREATE INDEX `deposits_renter` ON `deposits` (`renter_org_id`);--> statement-breakpoint
ALTER TABLE `receipts` ADD `deposit_id` integer;