ALTER TABLE `lease_periods` ADD `ended_by_change_id` integer;--> statement-breakpoint
ALTER TABLE `contract_lines` ADD `change_op` text;--> statement-breakpoint
ALTER TABLE `contract_lines` ADD `target_line_id` integer;--> statement-breakpoint
ALTER TABLE `contract_lines` ADD `from_on` text;--> statement-breakpoint
ALTER TABLE `contract_lines` ADD `until_on` text;--> statement-breakpoint
ALTER TABLE `contracts` ADD `kind` text DEFAULT 'contract' NOT NULL;--> statement-breakpoint
ALTER TABLE `contracts` ADD `change_of` integer;--> statement-breakpoint
ALTER TABLE `contracts` ADD `moves_end` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `contracts_change_of` ON `contracts` (`change_of`);