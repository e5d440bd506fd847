DROP INDEX `bill_lines_period_from`;--> statement-breakpoint
ALTER TABLE `bill_lines` ADD `released` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `bill_lines_period_from` ON `bill_lines` (`lease_period_id`,`from_on`) WHERE "bill_lines"."released" = 0;--> statement-breakpoint
ALTER TABLE `bills` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `bills` ADD `voided_by` integer;--> statement-breakpoint
ALTER TABLE `bills` ADD `void_reason` text;