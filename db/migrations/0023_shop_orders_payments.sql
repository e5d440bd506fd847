CREATE TABLE `distributor_credits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`basis_points` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`credited_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `distributor_credits_order` ON `distributor_credits` (`order_id`);--> statement-breakpoint
CREATE INDEX `distributor_credits_org` ON `distributor_credits` (`org_id`);--> statement-breakpoint
CREATE TABLE `payment_notifications` (
	`event_id` text PRIMARY KEY NOT NULL,
	`payment_id` integer NOT NULL,
	`state` text NOT NULL,
	`outcome` text NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`kind` text NOT NULL,
	`order_id` integer NOT NULL,
	`reference` text NOT NULL,
	`provider_payment_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`state` text DEFAULT 'charging' NOT NULL,
	`pay_url` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`settled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_id` ON `payments` (`provider_payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_reference` ON `payments` (`reference`);--> statement-breakpoint
CREATE INDEX `payments_order` ON `payments` (`kind`,`order_id`);--> statement-breakpoint
CREATE INDEX `payments_state_created` ON `payments` (`state`,`created_at`);--> statement-breakpoint
CREATE TABLE `shop_order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`event` text NOT NULL,
	`actor_id` integer,
	`details` text NOT NULL,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `shop_order_events_order` ON `shop_order_events` (`order_id`);--> statement-breakpoint
CREATE TABLE `shop_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`org_id` integer NOT NULL,
	`seller_org_id` integer NOT NULL,
	`distributor_org_id` integer,
	`buyer_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`product_name` text NOT NULL,
	`category` text NOT NULL,
	`spec` text NOT NULL,
	`unit_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`coupon_receipt_id` integer,
	`pay_cents` integer NOT NULL,
	`receiver` text NOT NULL,
	`receiver_phone` text NOT NULL,
	`address` text NOT NULL,
	`state` text DEFAULT 'created' NOT NULL,
	`payment_id` integer,
	`paid_cents` integer,
	`paid_at` integer,
	`courier_number` text DEFAULT '' NOT NULL,
	`serials` text DEFAULT '' NOT NULL,
	`shipped_at` integer,
	`received_at` integer,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "shop_orders_pay_not_negative" CHECK("shop_orders"."pay_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shop_orders_number` ON `shop_orders` (`number`);--> statement-breakpoint
CREATE INDEX `shop_orders_org_created` ON `shop_orders` (`org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `shop_orders_seller_created` ON `shop_orders` (`seller_org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `shop_orders_state_updated` ON `shop_orders` (`state`,`updated_at`);