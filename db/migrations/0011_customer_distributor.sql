ALTER TABLE `organisations` ADD `distributor_org_id` integer;--> statement-breakpoint
CREATE INDEX `organisations_distributor` ON `organisations` (`distributor_org_id`);