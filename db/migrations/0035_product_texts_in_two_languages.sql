ALTER TABLE `products` ADD `description_zh` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `description_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `spec_zh` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `spec_en` text DEFAULT '' NOT NULL;