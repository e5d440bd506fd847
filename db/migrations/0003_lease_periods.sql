CREATE TABLE `lease_periods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`entry_id` integer,
	`exit_id` integer,
	`start_on` text NOT NULL,
	`planned_end_on` text NOT NULL,
	`end_on` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lease_periods_lessor` ON `lease_periods` (`lessor_org_id`,`start_on`);--> statement-breakpoint
CREATE INDEX `lease_periods_contract` ON `lease_periods` (`contract_id`);--> statement-breakpoint
CREATE INDEX `lease_periods_renter` ON `lease_periods` (`renter_org_id`);--> statement-breakpoint
CREATE INDEX `lease_periods_device` ON `lease_periods` (`device_id`,`start_on`);--> statement-breakpoint
CREATE UNIQUE INDEX `lease_periods_open_device` ON `lease_periods` (`device_id`) WHERE end_on is null;