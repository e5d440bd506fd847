ALTER TABLE `contract_links` ADD `kind` text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE `contract_links` ADD `revoked_at` integer;--> statement-breakpoint
ALTER TABLE `contract_links` ADD `revoked_by` integer;