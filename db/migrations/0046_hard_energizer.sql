CREATE TABLE `online_payment_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`payment_id` integer NOT NULL,
	`state` text NOT NULL,
	`outcome` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `online_payment_events_event` ON `online_payment_events` (`event_id`);--> statement-breakpoint
CREATE INDEX `online_payment_events_payment` ON `online_payment_events` (`payment_id`);--> statement-breakpoint
CREATE TABLE `online_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`reference` text NOT NULL,
	`provider_payment_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`owed_cents` integer NOT NULL,
	`bill_ids` text NOT NULL,
	`pay_url` text NOT NULL,
	`state` text DEFAULT 'charging' NOT NULL,
	`receipt_id` integer,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`settled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `online_payments_reference` ON `online_payments` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `online_payments_provider` ON `online_payments` (`provider_payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `online_payments_receipt` ON `online_payments` (`receipt_id`);--> statement-breakpoint
CREATE INDEX `online_payments_renter` ON `online_payments` (`renter_org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `online_payments_lessor_state` ON `online_payments` (`lessor_org_id`,`state`);