ALTER TABLE `organisations` ADD `name_zh` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `organisations` ADD `name_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `device_models` ADD `name_zh` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `device_models` ADD `name_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `name_zh` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `name_en` text DEFAULT '' NOT NULL;