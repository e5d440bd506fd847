CREATE TABLE `coupon_receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`coupon_id` integer NOT NULL,
	`org_id` integer NOT NULL,
	`holder_id` integer NOT NULL,
	`mobile` text NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`discount_cents` integer,
	`order_ref` text DEFAULT '' NOT NULL,
	`granted_by` integer
);
--> statement-breakpoint
CREATE INDEX `coupon_receipts_coupon` ON `coupon_receipts` (`coupon_id`);--> statement-breakpoint
CREATE INDEX `coupon_receipts_holder` ON `coupon_receipts` (`holder_id`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`face_value_cents` integer,
	`discount_tenths` integer,
	`issue_from` text NOT NULL,
	`issue_to` text NOT NULL,
	`min_spend_cents` integer DEFAULT 0 NOT NULL,
	`total` integer NOT NULL,
	`per_user_limit` integer NOT NULL,
	`remaining` integer NOT NULL,
	`valid_hours` integer NOT NULL,
	`category` text NOT NULL,
	`stopped_at` integer,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "coupons_remaining_not_negative" CHECK("coupons"."remaining" >= 0)
);
--> statement-breakpoint
CREATE INDEX `coupons_org` ON `coupons` (`org_id`);--> statement-breakpoint
CREATE TABLE `lease_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`model_id` integer NOT NULL,
	`business_model` integer NOT NULL,
	`day_cents` integer,
	`month_cents` integer,
	`updated_by` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lease_prices_org_model_business` ON `lease_prices` (`org_id`,`model_id`,`business_model`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`category` text NOT NULL,
	`name` text NOT NULL,
	`image` text NOT NULL,
	`description` text NOT NULL,
	`key_attributes` text NOT NULL,
	`other_attributes` text NOT NULL,
	`sales_attributes` text NOT NULL,
	`spec` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`shares` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `products_org_category` ON `products` (`org_id`,`category`);