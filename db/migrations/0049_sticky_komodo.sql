CREATE TABLE `online_payment_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`event_id` text NOT NULL,
	`payment_state` text NOT NULL,
	`reported_at` integer NOT NULL,
	`state` text DEFAULT 'refunding' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`refunded_by` integer,
	`refunded_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `online_payment_refunds_payment` ON `online_payment_refunds` (`payment_id`);--> statement-breakpoint
CREATE INDEX `online_payment_refunds_state` ON `online_payment_refunds` (`state`);