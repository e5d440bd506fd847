CREATE TABLE `invoice_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`org_id` integer NOT NULL,
	`event` text NOT NULL,
	`actor_id` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`file_url` text DEFAULT '' NOT NULL,
	`former_file_url` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_events_invoice` ON `invoice_events` (`invoice_id`,`id`);--> statement-breakpoint
CREATE TABLE `invoice_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`org_id` integer NOT NULL,
	`source` text NOT NULL,
	`source_id` integer NOT NULL,
	`label` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`paid_on` text DEFAULT '' NOT NULL,
	`live` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_items_invoice` ON `invoice_items` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_items_live_source` ON `invoice_items` (`source`,`source_id`) WHERE "invoice_items"."live" = 1;--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`org_id` integer NOT NULL,
	`issuer_org_id` integer NOT NULL,
	`requested_by` integer NOT NULL,
	`state` text DEFAULT 'toBeIssued' NOT NULL,
	`invoice_type` text NOT NULL,
	`tax_rate` real NOT NULL,
	`title` text NOT NULL,
	`tax_number` text NOT NULL,
	`contact` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`bank` text DEFAULT '' NOT NULL,
	`account` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`total_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`file_url` text DEFAULT '' NOT NULL,
	`issued_by` integer,
	`issued_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_org` ON `invoices` (`org_id`,`state`);--> statement-breakpoint
CREATE INDEX `invoices_issuer` ON `invoices` (`issuer_org_id`,`state`);