CREATE TABLE `renewal_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`label` text NOT NULL,
	`price_cents` integer NOT NULL,
	`previous_expiry` text,
	`new_expiry` text,
	`unlock_task_id` integer
);
--> statement-breakpoint
CREATE INDEX `renewal_lines_order` ON `renewal_lines` (`order_id`);--> statement-breakpoint
CREATE INDEX `renewal_lines_item` ON `renewal_lines` (`item_id`);--> statement-breakpoint
CREATE TABLE `renewal_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`org_id` integer NOT NULL,
	`kind` text NOT NULL,
	`months` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`payment_method` text,
	`payment_reference` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`failure` text,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`settled_by` integer,
	`settled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `renewal_orders_number` ON `renewal_orders` (`number`);--> statement-breakpoint
CREATE INDEX `renewal_orders_org_created` ON `renewal_orders` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `renewal_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`months` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `renewal_prices_kind_months` ON `renewal_prices` (`kind`,`months`);