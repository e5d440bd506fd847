CREATE TABLE `lease_handover_machines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`handover_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`hour_meter` real,
	`battery_pct` real,
	`read_at` integer,
	`photos` text DEFAULT '[]' NOT NULL,
	`damage` text DEFAULT '' NOT NULL,
	`work_order_id` integer,
	`period_id` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lease_handover_machines_device` ON `lease_handover_machines` (`handover_id`,`device_id`);--> statement-breakpoint
CREATE INDEX `lease_handover_machines_by_device` ON `lease_handover_machines` (`device_id`);--> statement-breakpoint
CREATE TABLE `lease_handovers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`org_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`day` text NOT NULL,
	`site_province` text DEFAULT '' NOT NULL,
	`site_city` text DEFAULT '' NOT NULL,
	`site_district` text DEFAULT '' NOT NULL,
	`site_address` text DEFAULT '' NOT NULL,
	`delivered_by` text DEFAULT '' NOT NULL,
	`received_by` text DEFAULT '' NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`created_by` integer NOT NULL,
	`confirmed_by` integer,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lease_handovers_number` ON `lease_handovers` (`org_id`,`number`);--> statement-breakpoint
CREATE INDEX `lease_handovers_org_kind` ON `lease_handovers` (`org_id`,`kind`,`day`);--> statement-breakpoint
CREATE INDEX `lease_handovers_contract` ON `lease_handovers` (`contract_id`);--> statement-breakpoint
CREATE INDEX `lease_handovers_renter` ON `lease_handovers` (`renter_org_id`);