ALTER TABLE `quality_inspections` ADD `finished_by` integer;--> statement-breakpoint
ALTER TABLE `quality_inspections` ADD `retested_by` integer;--> statement-breakpoint
ALTER TABLE `quality_inspections` ADD `retested_at` integer;